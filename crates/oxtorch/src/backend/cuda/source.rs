//! CUDA C++ source for the elementwise kernels, generated from a [`KernelSpec`]: which operands there are (with
//! their dtypes), the statements that compute one result, and the loop shape (contiguous with vector loads,
//! strided with 32- or 64-bit index arithmetic, or a tiled transpose for copies). The same source compiles with
//! NVRTC for the GPU and as host C++ in the tests (see `prelude.cu`).
//!
//! The arithmetic follows PyTorch's CUDA kernels statement by statement (see `ops.rs` for which formula each
//! operation uses); this file only assembles loops around it.

use crate::dtype::DType;
use std::fmt::Write;

/// The prelude every kernel starts with: element types, conversions, complex arithmetic.
pub const PRELUDE: &str = include_str!("prelude.cu");

/// Dimensions a strided kernel supports (PyTorch's `MAX_DIMS`).
pub const MAX_DIMS: usize = 25;

/// Threads per block of the elementwise kernels.
pub const BLOCK: u32 = 256;

/// Side of the square tiles of a transposing copy, and the rows a block of it moves per step.
pub const TILE: u32 = 32;
/// Rows of threads in a block of a transposing copy (each thread copies `TILE / TILE_ROWS` elements).
pub const TILE_ROWS: u32 = 8;

/// The C type of a dtype's elements in kernel source.
pub fn c_type(dtype: DType) -> &'static str {
    match dtype {
        DType::Bool => "bool",
        DType::UInt8 => "u8",
        DType::Int8 => "i8",
        DType::Int16 => "i16",
        DType::Int32 => "i32",
        DType::Int64 => "i64",
        DType::Float16 => "half_t",
        DType::BFloat16 => "bf16_t",
        DType::Float32 => "float",
        DType::Float64 => "double",
        DType::Complex64 => "c64",
        DType::Complex128 => "c128",
    }
}

/// A short tag of a dtype, for kernel names.
pub fn tag(dtype: DType) -> &'static str {
    match dtype {
        DType::Bool => "b1",
        DType::UInt8 => "u8",
        DType::Int8 => "i8",
        DType::Int16 => "i16",
        DType::Int32 => "i32",
        DType::Int64 => "i64",
        DType::Float16 => "f16",
        DType::BFloat16 => "bf16",
        DType::Float32 => "f32",
        DType::Float64 => "f64",
        DType::Complex64 => "c64",
        DType::Complex128 => "c128",
    }
}

/// An input of a generated kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KernelInput {
    /// Elements of this dtype, read through a pointer and the plan's strides.
    Tensor(DType),
    /// The output's own elements (an in-place first input), read at the output's positions.
    Output,
    /// No tensor: the body reads a value parameter instead.
    Absent,
}

/// The loop a kernel runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoopShape {
    /// Every operand contiguous: each thread handles `vec` consecutive elements with vector loads and stores
    /// (`vec` 1 means plain loads).
    Contiguous {
        /// Elements per thread.
        vec: u32,
    },
    /// Any strides, over `rank` dimensions (innermost first), indexing in 32 bits when `narrow`.
    Strided {
        /// Number of dimensions.
        rank: usize,
        /// Whether every index and offset fits 31 bits.
        narrow: bool,
    },
    /// A copy whose output is contiguous and whose input moves fastest along the output's second dimension:
    /// tiles through shared memory, batched over `rank - 2` outer dimensions.
    Transpose {
        /// Number of dimensions (at least 2).
        rank: usize,
    },
}

/// A value parameter of a kernel: a name and the C type the body reads it as.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ValueParam {
    /// The parameter's name in the body.
    pub name: &'static str,
    /// Its dtype (its C type is [`c_type`] of it).
    pub dtype: DType,
}

/// The names of a kernel's inputs in its body, its parameter block and its loops (`a`, `b`, `c`).
pub const INPUT_NAMES: [&str; 3] = ["a", "b", "c"];
/// The names of the inputs' stride arrays in the parameter block.
pub const STRIDE_NAMES: [&str; 3] = ["sa", "sb", "sc"];

/// Everything that determines one generated kernel.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct KernelSpec {
    /// What the body computes (an operation name and its variant), for the kernel's name.
    pub op: String,
    /// The output's dtype.
    pub out: DType,
    /// The type inputs are converted to on load (the common dtype).
    pub compute: DType,
    /// The type `r` has: the body's result, converted to the output's dtype on store (the common dtype for
    /// arithmetic, bool for comparisons).
    pub result: DType,
    /// The inputs, two or three (`a`, `b` and `c` in the body).
    pub inputs: Vec<KernelInput>,
    /// Whether the first input is a condition (`where`), read as bool rather than as the compute type.
    pub condition: bool,
    /// Value parameters the body reads.
    pub values: Vec<ValueParam>,
    /// Statements that set `r` from the inputs (of the compute type; a condition of bool) and the value
    /// parameters.
    pub body: String,
    /// The loop.
    pub shape: LoopShape,
}

impl KernelSpec {
    /// A C identifier unique to this spec (the cache key of the compiled kernel is the spec itself).
    pub fn name(&self) -> String {
        let input = |i: &KernelInput| match i {
            KernelInput::Tensor(d) => tag(*d),
            KernelInput::Output => "io",
            KernelInput::Absent => "v",
        };
        let shape = match self.shape {
            LoopShape::Contiguous { vec } => format!("c{vec}"),
            LoopShape::Strided { rank, narrow } => format!("s{rank}{}", if narrow { "n" } else { "w" }),
            LoopShape::Transpose { rank } => format!("t{rank}"),
        };
        let inputs: Vec<&str> = self.inputs.iter().map(input).collect();
        format!("ox_{}_{}_{}_{}_{shape}", self.op, tag(self.out), tag(self.compute), inputs.join("_"))
        // (the result type follows from the operation, which the name holds)
    }

    /// The layout of the kernel's one parameter block, in the order fields are declared.
    pub fn params(&self) -> ParamLayout {
        let mut layout = ParamLayout::default();
        layout.push("n", FieldType::I64);
        layout.push("out", FieldType::U64);
        for (name, input) in INPUT_NAMES.into_iter().zip(&self.inputs) {
            if matches!(input, KernelInput::Tensor(_)) {
                layout.push(name, FieldType::U64);
            }
        }
        for v in &self.values {
            layout.push(v.name, FieldType::Elem(v.dtype));
        }
        let rank = match self.shape {
            LoopShape::Contiguous { .. } => 0,
            LoopShape::Strided { rank, .. } | LoopShape::Transpose { rank } => rank,
        };
        if rank > 0 {
            layout.push_array("sizes", FieldType::I64, rank);
            layout.push_array("so", FieldType::I64, rank);
            for (name, input) in STRIDE_NAMES.into_iter().zip(&self.inputs) {
                if matches!(input, KernelInput::Tensor(_)) {
                    layout.push_array(name, FieldType::I64, rank);
                }
            }
        }
        layout
    }

    /// The kernel's source, prelude included.
    pub fn source(&self) -> String {
        format!("{PRELUDE}\n{}", self.body())
    }

    /// The kernel's source after the prelude: its parameter struct, element function and kernel (the tests put
    /// many of these, each in a namespace of its own, after one prelude).
    pub fn body(&self) -> String {
        let mut s = String::with_capacity(4096);
        s.push_str(&self.params().declaration("Params"));
        s.push_str(&self.element_function());
        match self.shape {
            LoopShape::Contiguous { vec } => self.contiguous_kernel(&mut s, vec),
            LoopShape::Strided { rank, narrow } => self.strided_kernel(&mut s, rank, narrow),
            LoopShape::Transpose { rank } => self.transpose_kernel(&mut s, rank),
        }
        s
    }

    /// `elem(p, a, b[, c])`: the body as a function from loaded (converted) inputs to the stored output value.
    fn element_function(&self) -> String {
        let (out, result) = (c_type(self.out), c_type(self.result));
        let arguments: Vec<String> =
            (0..self.inputs.len()).map(|k| format!("{} {}", c_type(self.load_type(k)), INPUT_NAMES[k])).collect();
        let mut f = format!("DEV {out} elem(const Params& p, {}) {{\n", arguments.join(", "));
        for v in &self.values {
            let _ = writeln!(f, "  const {} {} = p.{};", c_type(v.dtype), v.name, v.name);
        }
        let _ = writeln!(f, "  {result} r;\n  {}\n  return Cvt<{out}, {result}>::f(r);\n}}", self.body);
        f
    }

    /// The C type of input `k`'s elements (the output's for an in-place input, the load type when absent).
    fn input_type(&self, k: usize) -> &'static str {
        match self.inputs[k] {
            KernelInput::Tensor(d) => c_type(d),
            KernelInput::Output => c_type(self.out),
            KernelInput::Absent => c_type(self.load_type(k)),
        }
    }

    /// The type input `k` is converted to on load: bool for a condition, else the compute type.
    fn load_type(&self, k: usize) -> DType {
        if k == 0 && self.condition {
            DType::Bool
        } else {
            self.compute
        }
    }

    /// The arguments of `elem`, each input loaded by `load` (given its index and name).
    fn element_arguments(&self, load: impl Fn(usize, &str) -> String) -> String {
        (0..self.inputs.len()).map(|k| load(k, INPUT_NAMES[k])).collect::<Vec<_>>().join(", ")
    }

    /// Statements declaring the typed base pointers `po`, `pa`, `pb`, `pc`.
    fn pointers(&self) -> String {
        let out = c_type(self.out);
        let mut s = format!("  {out}* po = ({out}*)p.out;\n");
        for (k, name) in INPUT_NAMES.into_iter().enumerate().take(self.inputs.len()) {
            let t = self.input_type(k);
            match self.inputs[k] {
                KernelInput::Tensor(_) => {
                    let _ = writeln!(s, "  const {t}* p{name} = (const {t}*)p.{name};");
                }
                KernelInput::Output => {
                    let _ = writeln!(s, "  const {t}* p{name} = po;");
                }
                KernelInput::Absent => {}
            }
        }
        s
    }

    /// An expression loading input `k` (`a`, `b` or `c`) at offset `off`, converted to its load type.
    fn load(&self, k: usize, off: &str) -> String {
        let name = INPUT_NAMES[k];
        let comp = c_type(self.load_type(k));
        match self.inputs[k] {
            KernelInput::Absent => format!("{comp}{{}}"),
            _ => format!("Cvt<{comp}, {}>::f(p{name}[{off}])", self.input_type(k)),
        }
    }

    fn contiguous_kernel(&self, s: &mut String, vec: u32) {
        let out = c_type(self.out);
        let _ = writeln!(s, "GLOBAL void {}(Params p) {{", self.name());
        s.push_str(&self.pointers());
        let _ = writeln!(s, "  const i64 i0 = ((i64)blockIdx.x * blockDim.x + threadIdx.x) * {vec};");
        if vec > 1 {
            let _ = writeln!(s, "  if (i0 + {vec} <= p.n) {{");
            for (k, name) in INPUT_NAMES.into_iter().enumerate().take(self.inputs.len()) {
                if self.inputs[k] != KernelInput::Absent {
                    let t = self.input_type(k);
                    let _ =
                        writeln!(s, "    const Pack<{t}, {vec}> v{name} = *(const Pack<{t}, {vec}>*)(p{name} + i0);");
                }
            }
            let _ = writeln!(s, "    Pack<{out}, {vec}> vo;");
            let _ = writeln!(s, "#pragma unroll\n    for (int k = 0; k < {vec}; ++k) {{");
            let arg = |k: usize, name: &str| {
                let comp = c_type(self.load_type(k));
                match self.inputs[k] {
                    KernelInput::Absent => format!("{comp}{{}}"),
                    _ => format!("Cvt<{comp}, {}>::f(v{name}.v[k])", self.input_type(k)),
                }
            };
            let _ = writeln!(s, "      vo.v[k] = elem(p, {});\n    }}", self.element_arguments(arg));
            let _ = writeln!(s, "    *(Pack<{out}, {vec}>*)(po + i0) = vo;\n    return;\n  }}");
        }
        let _ = writeln!(
            s,
            "  for (i64 i = i0; i < p.n && i < i0 + {vec}; ++i) {{\n    po[i] = elem(p, {});\n  }}\n}}",
            self.element_arguments(|k, _| self.load(k, "i"))
        );
    }

    fn strided_kernel(&self, s: &mut String, rank: usize, narrow: bool) {
        let idx = if narrow { "unsigned" } else { "i64" };
        let _ = writeln!(s, "GLOBAL void {}(Params p) {{", self.name());
        s.push_str(&self.pointers());
        let _ = writeln!(s, "  const {idx} i = ({idx})blockIdx.x * blockDim.x + threadIdx.x;");
        let _ = writeln!(s, "  if (i >= ({idx})p.n) return;");
        let _ = writeln!(s, "  {idx} rest = i, oo = 0, oa = 0, ob = 0, oc = 0;");
        let _ = writeln!(s, "#pragma unroll\n  for (int d = 0; d < {rank}; ++d) {{");
        let _ = writeln!(s, "    const {idx} size = ({idx})p.sizes[d];");
        let _ = writeln!(s, "    const {idx} q = rest / size;\n    const {idx} c = rest - q * size;\n    rest = q;");
        let _ = writeln!(s, "    oo += c * ({idx})p.so[d];");
        for (k, name) in INPUT_NAMES.into_iter().enumerate().take(self.inputs.len()) {
            if matches!(self.inputs[k], KernelInput::Tensor(_)) {
                let _ = writeln!(s, "    o{name} += c * ({idx})p.s{name}[d];");
            }
        }
        let _ = writeln!(s, "  }}");
        for (k, name) in INPUT_NAMES.into_iter().enumerate().take(self.inputs.len()) {
            if self.inputs[k] == KernelInput::Output {
                let _ = writeln!(s, "  o{name} = oo;");
            }
        }
        let _ = writeln!(s, "  (void)oa; (void)ob; (void)oc;");
        let offsets = ["oa", "ob", "oc"];
        let _ = writeln!(s, "  po[oo] = elem(p, {});\n}}", self.element_arguments(|k, _| self.load(k, offsets[k])));
    }

    /// A tiled transposing copy: the output is contiguous along plan dimension 0, the input along dimension 1.
    /// Each block moves one `TILE x TILE` tile through shared memory, so that both the reads (along dim 1) and
    /// the writes (along dim 0) are coalesced. `blockIdx.z` walks the outer dimensions.
    fn transpose_kernel(&self, s: &mut String, rank: usize) {
        let (out, a) = (c_type(self.out), self.input_type(0));
        let _ = writeln!(s, "GLOBAL void {}(Params p) {{", self.name());
        s.push_str(&self.pointers());
        let _ = writeln!(s, "  __shared__ {a} tile[{TILE}][{TILE} + 1];");
        let _ = writeln!(s, "  const i64 n0 = p.sizes[0], n1 = p.sizes[1];");
        let _ = writeln!(s, "  i64 rest = blockIdx.z, oo = 0, oa = 0;");
        let _ = writeln!(s, "  for (int d = 2; d < {rank}; ++d) {{");
        let _ = writeln!(s, "    const i64 c = rest % p.sizes[d];\n    rest /= p.sizes[d];");
        let _ = writeln!(s, "    oo += c * p.so[d];\n    oa += c * p.sa[d];\n  }}");
        let _ = writeln!(s, "  const i64 x0 = (i64)blockIdx.x * {TILE}, y0 = (i64)blockIdx.y * {TILE};");
        // read: threads run along dim 1 (contiguous in the input)
        let _ = writeln!(s, "  for (int j = threadIdx.y; j < {TILE}; j += {TILE_ROWS}) {{");
        let _ = writeln!(s, "    const i64 x = x0 + j, y = y0 + threadIdx.x;");
        let _ = writeln!(s, "    if (x < n0 && y < n1) tile[threadIdx.x][j] = pa[oa + x * p.sa[0] + y * p.sa[1]];");
        let _ = writeln!(s, "  }}\n  __syncthreads();");
        // write: threads run along dim 0 (contiguous in the output)
        let _ = writeln!(s, "  for (int j = threadIdx.y; j < {TILE}; j += {TILE_ROWS}) {{");
        let _ = writeln!(s, "    const i64 x = x0 + threadIdx.x, y = y0 + j;");
        let _ = writeln!(
            s,
            "    if (x < n0 && y < n1) po[oo + x * p.so[0] + y * p.so[1]] = Cvt<{out}, {a}>::f(tile[j][threadIdx.x]);"
        );
        let _ = writeln!(s, "  }}\n}}");
    }
}

/// The C type of one parameter field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldType {
    /// `long long`
    I64,
    /// `unsigned long long` (device addresses)
    U64,
    /// An element of a dtype.
    Elem(DType),
}

impl FieldType {
    fn c_type(self) -> &'static str {
        match self {
            FieldType::I64 => "i64",
            FieldType::U64 => "u64",
            FieldType::Elem(d) => c_type(d),
        }
    }

    /// Size and alignment in bytes (natural alignment, as the prelude declares the types).
    pub fn size(self) -> usize {
        match self {
            FieldType::I64 | FieldType::U64 => 8,
            FieldType::Elem(d) => d.itemsize(),
        }
    }
}

/// One field of a parameter block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// Its name.
    pub name: &'static str,
    /// Its type.
    pub ty: FieldType,
    /// Array length (1 for a plain field).
    pub count: usize,
    /// Whether the field is declared as an array (an array of one element is still indexed as one).
    pub array: bool,
    /// Byte offset in the block.
    pub offset: usize,
}

/// The C layout of a kernel's parameter struct: every field at its natural alignment, in declaration order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParamLayout {
    /// The fields.
    pub fields: Vec<Field>,
    /// Size of the struct in bytes (a multiple of its largest alignment).
    pub size: usize,
    /// Where the last field ends.
    end: usize,
    align: usize,
}

impl ParamLayout {
    fn push(&mut self, name: &'static str, ty: FieldType) {
        self.push_field(name, ty, 1, false)
    }

    fn push_array(&mut self, name: &'static str, ty: FieldType, count: usize) {
        self.push_field(name, ty, count, true)
    }

    fn push_field(&mut self, name: &'static str, ty: FieldType, count: usize, array: bool) {
        let align = ty.size();
        let offset = self.end.div_ceil(align) * align;
        self.fields.push(Field { name, ty, count, array, offset });
        self.align = self.align.max(align);
        self.end = offset + align * count;
        self.size = self.end.div_ceil(self.align) * self.align;
    }

    /// The offset of a field.
    pub fn offset(&self, name: &str) -> Option<usize> {
        self.fields.iter().find(|f| f.name == name).map(|f| f.offset)
    }

    /// The C declaration of the struct.
    fn declaration(&self, struct_name: &str) -> String {
        let mut s = format!("struct {struct_name} {{\n");
        for f in &self.fields {
            if !f.array {
                let _ = writeln!(s, "  {} {};", f.ty.c_type(), f.name);
            } else {
                let _ = writeln!(s, "  {} {}[{}];", f.ty.c_type(), f.name, f.count);
            }
        }
        s.push_str("};\n");
        s
    }
}

/// A parameter block being filled: bytes laid out by a [`ParamLayout`].
#[derive(Clone, Debug)]
pub struct ParamBlock<'a> {
    layout: &'a ParamLayout,
    /// The bytes, as the kernel reads its struct.
    pub bytes: Vec<u8>,
}

impl<'a> ParamBlock<'a> {
    /// A zeroed block.
    pub fn new(layout: &'a ParamLayout) -> ParamBlock<'a> {
        ParamBlock { layout, bytes: vec![0; layout.size] }
    }

    /// Writes raw bytes at a field (or at element `index` of an array field); unknown names are ignored, so that
    /// one filling routine serves every kernel shape.
    pub fn set(&mut self, name: &str, index: usize, value: &[u8]) {
        if let Some(f) = self.layout.fields.iter().find(|f| f.name == name) {
            if index < f.count && value.len() == f.ty.size() {
                let at = f.offset + index * f.ty.size();
                self.bytes[at..at + value.len()].copy_from_slice(value);
            }
        }
    }

    /// Writes an `i64` field.
    pub fn set_i64(&mut self, name: &str, index: usize, value: i64) {
        self.set(name, index, &value.to_le_bytes())
    }

    /// Writes a `u64` field.
    pub fn set_u64(&mut self, name: &str, value: u64) {
        self.set(name, 0, &value.to_le_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_follow_natural_alignment() {
        let spec = KernelSpec {
            op: "t".into(),
            out: DType::Float32,
            compute: DType::Float32,
            result: DType::Float32,
            inputs: vec![KernelInput::Tensor(DType::Float16), KernelInput::Absent],
            condition: false,
            values: vec![
                ValueParam { name: "x", dtype: DType::Bool },
                ValueParam { name: "z", dtype: DType::Int16 },
                ValueParam { name: "y", dtype: DType::Complex128 },
            ],
            body: "r = a;".into(),
            shape: LoopShape::Strided { rank: 2, narrow: true },
        };
        let l = spec.params();
        assert_eq!(l.offset("n"), Some(0));
        assert_eq!(l.offset("out"), Some(8));
        assert_eq!(l.offset("a"), Some(16));
        assert_eq!(l.offset("b"), None);
        assert_eq!(l.offset("x"), Some(24));
        assert_eq!(l.offset("z"), Some(26));
        assert_eq!(l.offset("y"), Some(32));
        assert_eq!(l.offset("sizes"), Some(48));
        assert_eq!(l.offset("so"), Some(64));
        assert_eq!(l.offset("sa"), Some(80));
        assert_eq!(l.size, 96);
        assert!(spec
            .source()
            .contains("struct Params {\n  i64 n;\n  u64 out;\n  u64 a;\n  bool x;\n  i16 z;\n  c128 y;"));
        assert_eq!(spec.name(), "ox_t_f32_f32_f16_v_s2n");
    }

    #[test]
    fn a_one_dimensional_loop_indexes_arrays_of_one() {
        let spec = KernelSpec {
            op: "t".into(),
            out: DType::Float32,
            compute: DType::Float32,
            result: DType::Float32,
            inputs: vec![KernelInput::Tensor(DType::Float32), KernelInput::Absent],
            condition: false,
            values: vec![],
            body: "r = a;".into(),
            shape: LoopShape::Strided { rank: 1, narrow: true },
        };
        let source = spec.source();
        assert!(source.contains("  i64 sizes[1];\n  i64 so[1];\n  i64 sa[1];\n"), "{source}");
    }
}
