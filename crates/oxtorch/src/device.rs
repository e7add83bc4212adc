//! `torch.device`: a device type and an optional device index, PyTorch's device-string grammar, and the
//! process-wide default device.
//!
//! The grammar and messages follow PyTorch's `c10::Device` string constructor and the Python
//! `torch.device(type, index)` constructor. One deliberate departure (conformance deviation 2): PyTorch stores
//! the index in 8 signed bits and wraps `'cuda:128'` to index -128; oxtorch accepts the indices `0..=127` and
//! rejects larger ones with a clear error.

use crate::error::{runtime_err, Error, Result};
use std::fmt;
use std::str::FromStr;
use std::sync::RwLock;

/// The largest device index oxtorch accepts (PyTorch's 8-bit signed device index, without wrapping).
pub const MAX_DEVICE_INDEX: u8 = 127;

/// A kind of device: every type that PyTorch's device-string parser accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeviceType {
    /// `cpu`
    Cpu,
    /// `cuda`
    Cuda,
    /// `ipu` (Graphcore IPU)
    Ipu,
    /// `xpu` (Intel GPU)
    Xpu,
    /// `mkldnn` (deprecated in PyTorch)
    Mkldnn,
    /// `opengl`
    OpenGl,
    /// `opencl`
    OpenCl,
    /// `ideep`
    Ideep,
    /// `hip` (AMD ROCm)
    Hip,
    /// `ve` (NEC SX-Aurora)
    Ve,
    /// `fpga`
    Fpga,
    /// `maia`
    Maia,
    /// `xla`
    Xla,
    /// `lazy` (lazy tensors)
    Lazy,
    /// `vulkan`
    Vulkan,
    /// `mps` (Apple Metal Performance Shaders)
    Mps,
    /// `meta` (tensors with shapes and dtypes but no data)
    Meta,
    /// `hpu` (Intel Gaudi)
    Hpu,
    /// `mtia`
    Mtia,
    /// `privateuseone` (the out-of-tree backend slot)
    PrivateUseOne,
}

impl DeviceType {
    /// Every device type, in the order PyTorch lists them in its parse error.
    pub const ALL: [DeviceType; 20] = [
        DeviceType::Cpu,
        DeviceType::Cuda,
        DeviceType::Ipu,
        DeviceType::Xpu,
        DeviceType::Mkldnn,
        DeviceType::OpenGl,
        DeviceType::OpenCl,
        DeviceType::Ideep,
        DeviceType::Hip,
        DeviceType::Ve,
        DeviceType::Fpga,
        DeviceType::Maia,
        DeviceType::Xla,
        DeviceType::Lazy,
        DeviceType::Vulkan,
        DeviceType::Mps,
        DeviceType::Meta,
        DeviceType::Hpu,
        DeviceType::Mtia,
        DeviceType::PrivateUseOne,
    ];

    /// The name PyTorch uses in device strings and in `device.type`, e.g. `"cuda"`.
    pub fn name(self) -> &'static str {
        match self {
            DeviceType::Cpu => "cpu",
            DeviceType::Cuda => "cuda",
            DeviceType::Ipu => "ipu",
            DeviceType::Xpu => "xpu",
            DeviceType::Mkldnn => "mkldnn",
            DeviceType::OpenGl => "opengl",
            DeviceType::OpenCl => "opencl",
            DeviceType::Ideep => "ideep",
            DeviceType::Hip => "hip",
            DeviceType::Ve => "ve",
            DeviceType::Fpga => "fpga",
            DeviceType::Maia => "maia",
            DeviceType::Xla => "xla",
            DeviceType::Lazy => "lazy",
            DeviceType::Vulkan => "vulkan",
            DeviceType::Mps => "mps",
            DeviceType::Meta => "meta",
            DeviceType::Hpu => "hpu",
            DeviceType::Mtia => "mtia",
            DeviceType::PrivateUseOne => "privateuseone",
        }
    }
}

impl fmt::Display for DeviceType {
    /// Writes [`DeviceType::name`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for DeviceType {
    type Err = Error;

    /// Parses a bare device type name (case-sensitive, no index), with PyTorch's error for an unknown name:
    /// `Expected one of cpu, cuda, ... device type at start of device string: X`.
    fn from_str(s: &str) -> Result<DeviceType> {
        DeviceType::ALL.iter().copied().find(|t| t.name() == s).ok_or_else(|| {
            let names: Vec<&str> = DeviceType::ALL.iter().map(|t| t.name()).collect();
            Error::Runtime(format!("Expected one of {} device type at start of device string: {s}", names.join(", ")))
        })
    }
}

/// A device: a [`DeviceType`] and an optional index (`torch.device`).
///
/// Two devices are equal when both the type and the index are equal, so `cuda` (no index: the current cuda
/// device) differs from `cuda:0`, and `cpu` differs from `cpu:0`, as in PyTorch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Device {
    device_type: DeviceType,
    index: Option<u8>,
}

/// The deviation-2 error for an index that PyTorch would wrap into its 8-bit device index.
fn index_out_of_range(device_type: DeviceType, index: impl fmt::Display) -> Error {
    Error::Runtime(format!(
        "Device index {index} for device type '{}' is out of range: oxtorch supports device indices 0..={MAX_DEVICE_INDEX}",
        device_type.name()
    ))
}

/// Where the device-string scanner stands (PyTorch's grammar `([a-zA-Z_]+)(?::([1-9]\d*|0))?`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum ScanState {
    /// Reading the type name.
    Name,
    /// Just read the `:`; a digit must follow.
    IndexStart,
    /// Reading the digits of the index.
    IndexRest,
    /// The string does not match the grammar.
    Invalid,
}

impl Device {
    /// A device of `device_type` with an optional index; the index must be at most 127 (deviation 2),
    /// else `Error::Runtime`.
    pub fn new(device_type: DeviceType, index: Option<u8>) -> Result<Device> {
        match index {
            Some(i) if i > MAX_DEVICE_INDEX => Err(index_out_of_range(device_type, i)),
            _ => Ok(Device { device_type, index }),
        }
    }

    /// The cpu device without an index, `torch.device('cpu')`.
    pub const fn cpu() -> Device {
        Device { device_type: DeviceType::Cpu, index: None }
    }

    /// The meta device without an index, `torch.device('meta')`.
    pub const fn meta() -> Device {
        Device { device_type: DeviceType::Meta, index: None }
    }

    /// The cuda device `cuda:<index>`; an index above 127 is an error (deviation 2).
    pub fn cuda(index: u8) -> Result<Device> {
        Device::new(DeviceType::Cuda, Some(index))
    }

    /// Parses a device string as `torch.device(s)` does: a type name (ASCII letters and `_`), optionally
    /// followed by `:` and a decimal index without sign or leading zeros (`cuda`, `cuda:0`, `cpu`).
    ///
    /// Errors (all `Error::Runtime`), in PyTorch's order: `Device string must not be empty`;
    /// `Invalid device string: '<s>'` when the string does not match the grammar;
    /// `Could not parse device index '<digits>' in device string '<s>'` when the index does not fit 32 bits;
    /// `Expected one of cpu, cuda, ... device type at start of device string: <name>` for an unknown type;
    /// and, as oxtorch's deviation 2, an error for an index above 127.
    pub fn parse(s: &str) -> Result<Device> {
        if s.is_empty() {
            runtime_err!("Device string must not be empty");
        }
        let mut name_end = 0usize;
        let mut digits_start = 0usize;
        let mut state = ScanState::Name;
        for (pos, ch) in s.char_indices() {
            state = match state {
                ScanState::Name if ch == ':' => {
                    digits_start = pos + 1;
                    ScanState::IndexStart
                }
                ScanState::Name if ch.is_ascii_alphabetic() || ch == '_' => {
                    name_end = pos + 1;
                    ScanState::Name
                }
                ScanState::IndexStart if ch.is_ascii_digit() => ScanState::IndexRest,
                // A leading zero must be the whole index.
                ScanState::IndexRest if s.as_bytes().get(digits_start) != Some(&b'0') && ch.is_ascii_digit() => {
                    ScanState::IndexRest
                }
                _ => ScanState::Invalid,
            };
            if state == ScanState::Invalid {
                break;
            }
        }
        if name_end == 0 || matches!(state, ScanState::Invalid | ScanState::IndexStart) {
            runtime_err!("Invalid device string: '{s}'");
        }
        // Here the name is s[..name_end] (ASCII), and in state IndexRest the digits are s[digits_start..].
        let name = s.get(..name_end).unwrap_or_default();
        let index = if state == ScanState::IndexRest {
            let digits = s.get(digits_start..).unwrap_or_default();
            // PyTorch reads the index with std::stoi: anything beyond 32 bits fails to parse.
            let value: i32 = digits.parse().map_err(|_| {
                Error::Runtime(format!("Could not parse device index '{digits}' in device string '{s}'"))
            })?;
            Some(value)
        } else {
            None
        };
        let device_type: DeviceType = name.parse()?;
        match index {
            None => Ok(Device { device_type, index: None }),
            Some(i) => match u8::try_from(i) {
                Ok(i) if i <= MAX_DEVICE_INDEX => Ok(Device { device_type, index: Some(i) }),
                _ => Err(Error::Runtime(format!(
                    "Device index {i} in device string '{s}' is out of range: oxtorch supports device indices 0..={MAX_DEVICE_INDEX}"
                ))),
            },
        }
    }

    /// `torch.device(type, index)`: `type_str` is parsed as a device string and must not carry an index of
    /// its own; `index` `None` leaves the device without an index.
    ///
    /// Errors (all `Error::Runtime`): those of [`Device::parse`] for `type_str`;
    /// `type (string) must not include an index because index was passed explicitly: <type_str>`;
    /// `Device index must not be negative`; and an error for an index above 127 (deviation 2).
    pub fn with_index(type_str: &str, index: Option<i64>) -> Result<Device> {
        let parsed = Device::parse(type_str)?;
        if parsed.index.is_some() {
            runtime_err!("type (string) must not include an index because index was passed explicitly: {type_str}");
        }
        match index {
            None => Ok(parsed),
            Some(i) => Device::checked_index(parsed.device_type, i),
        }
    }

    /// The legacy `torch.device(ordinal)`: the cuda device with that index.
    ///
    /// Errors: `Device index must not be negative`, and an error for an index above 127 (deviation 2).
    pub fn from_ordinal(ordinal: i64) -> Result<Device> {
        Device::checked_index(DeviceType::Cuda, ordinal)
    }

    /// A device with an index given as a Python integer: negative is PyTorch's error, above 127 oxtorch's.
    fn checked_index(device_type: DeviceType, index: i64) -> Result<Device> {
        if index < 0 {
            runtime_err!("Device index must not be negative");
        }
        match u8::try_from(index) {
            Ok(i) => Device::new(device_type, Some(i)),
            Err(_) => Err(index_out_of_range(device_type, index)),
        }
    }

    /// The device type (`device.type` as an enum).
    pub fn device_type(&self) -> DeviceType {
        self.device_type
    }

    /// The index, `None` when the device has none (`device.index`).
    pub fn index(&self) -> Option<u8> {
        self.index
    }

    /// Whether the device has an index.
    pub fn has_index(&self) -> bool {
        self.index.is_some()
    }

    /// The type's name, `device.type` (e.g. `"cuda"`).
    pub fn type_name(&self) -> &'static str {
        self.device_type.name()
    }

    /// Whether this is a cpu device (with or without an index).
    pub fn is_cpu(&self) -> bool {
        self.device_type == DeviceType::Cpu
    }

    /// Whether this is a meta device (with or without an index).
    pub fn is_meta(&self) -> bool {
        self.device_type == DeviceType::Meta
    }

    /// Python's `repr(device)`: `device(type='cuda', index=0)` or `device(type='cpu')`.
    pub fn repr(&self) -> String {
        match self.index {
            Some(i) => format!("device(type='{}', index={i})", self.type_name()),
            None => format!("device(type='{}')", self.type_name()),
        }
    }
}

impl Default for Device {
    /// The cpu device without an index.
    fn default() -> Device {
        Device::cpu()
    }
}

impl fmt::Display for Device {
    /// Python's `str(device)`: `cuda:0`, `cpu`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.index {
            Some(i) => write!(f, "{}:{i}", self.type_name()),
            None => f.write_str(self.type_name()),
        }
    }
}

impl FromStr for Device {
    type Err = Error;

    /// Same as [`Device::parse`].
    fn from_str(s: &str) -> Result<Device> {
        Device::parse(s)
    }
}

impl From<DeviceType> for Device {
    /// The device of that type without an index.
    fn from(device_type: DeviceType) -> Device {
        Device { device_type, index: None }
    }
}

/// The process-wide default device; cpu unless set.
static DEFAULT_DEVICE: RwLock<Device> = RwLock::new(Device::cpu());

/// The device that factory functions use when given none (`torch.get_default_device()`); cpu unless set.
///
/// The setting is process-wide (shared by all threads).
pub fn get_default_device() -> Device {
    *DEFAULT_DEVICE.read().unwrap_or_else(|e| e.into_inner())
}

/// Sets the process-wide default device (`torch.set_default_device(device)`).
pub fn set_default_device(device: Device) {
    *DEFAULT_DEVICE.write().unwrap_or_else(|e| e.into_inner()) = device;
}

/// Sets the default device for as long as it lives and restores the previous one when dropped, like
/// `with torch.device('cuda:1'):`.
///
/// Guards restore correctly when dropped in reverse order of creation (nested scopes).
#[must_use = "the default device is restored as soon as the guard is dropped"]
#[derive(Debug)]
pub struct DefaultDeviceGuard {
    previous: Device,
}

impl DefaultDeviceGuard {
    /// Makes `device` the default device and remembers the previous default for when the guard is dropped.
    pub fn new(device: Device) -> DefaultDeviceGuard {
        let mut current = DEFAULT_DEVICE.write().unwrap_or_else(|e| e.into_inner());
        let previous = std::mem::replace(&mut *current, device);
        DefaultDeviceGuard { previous }
    }

    /// The default device that is restored when this guard is dropped.
    pub fn previous(&self) -> Device {
        self.previous
    }
}

impl Drop for DefaultDeviceGuard {
    /// Restores the default device that was current when the guard was created.
    fn drop(&mut self) {
        set_default_device(self.previous);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn runtime_message(r: Result<Device>) -> String {
        match r {
            Err(Error::Runtime(m)) => m,
            other => panic!("expected a RuntimeError, got {other:?}"),
        }
    }

    #[test]
    fn index_127_is_accepted() {
        let d = Device::parse("cuda:127").unwrap();
        assert_eq!(d.index(), Some(127));
        assert_eq!(d.to_string(), "cuda:127");
        assert_eq!(Device::with_index("cuda", Some(127)).unwrap(), d);
        assert_eq!(Device::from_ordinal(127).unwrap(), d);
        assert_eq!(Device::cuda(127).unwrap(), d);
        assert_eq!(Device::new(DeviceType::Cuda, Some(127)).unwrap(), d);
    }

    #[test]
    fn index_above_127_is_rejected() {
        for s in ["cuda:128", "cuda:200", "cuda:255", "cuda:256", "cpu:2147483647"] {
            let m = runtime_message(Device::parse(s));
            assert!(m.contains(s) && m.contains("0..=127"), "{m}");
        }
        let m = runtime_message(Device::with_index("cuda", Some(300)));
        assert!(m.contains("300") && m.contains("'cuda'") && m.contains("0..=127"), "{m}");
        assert!(Device::with_index("cuda", Some(128)).is_err());
        assert!(Device::with_index("cuda", Some(i64::MAX)).is_err());
        assert!(Device::from_ordinal(128).is_err());
        assert!(Device::cuda(128).is_err());
        assert!(Device::new(DeviceType::Mps, Some(255)).is_err());
        // Beyond 32 bits PyTorch's own message applies.
        assert_eq!(
            runtime_message(Device::parse("cuda:2147483648")),
            "Could not parse device index '2147483648' in device string 'cuda:2147483648'"
        );
        // PyTorch checks the type before the (wrapped) index.
        assert!(runtime_message(Device::parse("gpu:128")).starts_with("Expected one of cpu, cuda"));
    }

    #[test]
    fn negative_indices() {
        assert_eq!(runtime_message(Device::from_ordinal(-1)), "Device index must not be negative");
        assert_eq!(runtime_message(Device::with_index("cuda", Some(i64::MIN))), "Device index must not be negative");
    }

    #[test]
    fn odd_inputs_do_not_panic() {
        for s in ["é", "cuda:é", "cuda:0é", "é:0", ":", "::", "_", "_:0", "cuda:00", "cuda:0", "\u{0}"] {
            let _ = Device::parse(s);
        }
        assert!(Device::parse("_").is_err());
        assert!(Device::parse("cuda:é").is_err());
        assert_eq!(runtime_message(Device::parse("cuda:00")), "Invalid device string: 'cuda:00'");
        assert_eq!(Device::parse("cpu:1").unwrap().index(), Some(1));
    }

    #[test]
    fn equality_and_hash() {
        let cuda = Device::parse("cuda").unwrap();
        let cuda0 = Device::parse("cuda:0").unwrap();
        assert_ne!(cuda, cuda0);
        assert_eq!(cuda0, Device::with_index("cuda", Some(0)).unwrap());
        assert_eq!(cuda0, Device::from_ordinal(0).unwrap());
        assert_ne!(Device::cpu(), Device::parse("cpu:0").unwrap());
        assert_eq!(Device::cpu(), "cpu".parse::<Device>().unwrap());
        let set: HashSet<Device> =
            ["cpu", "cpu", "cpu:0", "cuda", "cuda:0", "cuda:0"].iter().map(|s| s.parse().unwrap()).collect();
        assert_eq!(set.len(), 4);
    }

    #[test]
    fn repr_and_display() {
        let d = Device::with_index("cuda", Some(0)).unwrap();
        assert_eq!(d.repr(), "device(type='cuda', index=0)");
        assert_eq!(d.to_string(), "cuda:0");
        assert_eq!(Device::cpu().repr(), "device(type='cpu')");
        assert_eq!(Device::cpu().to_string(), "cpu");
        for t in DeviceType::ALL {
            assert_eq!(t.name().parse::<DeviceType>().unwrap(), t);
            assert_eq!(Device::parse(t.name()).unwrap(), Device::from(t));
        }
    }

    // The only test in this crate that changes the default device.
    #[test]
    fn default_device_guards_nest_and_restore() {
        let start = get_default_device();
        let cuda1 = Device::parse("cuda:1").unwrap();
        {
            let outer = DefaultDeviceGuard::new(cuda1);
            assert_eq!(outer.previous(), start);
            assert_eq!(get_default_device(), cuda1);
            {
                let _inner = DefaultDeviceGuard::new(Device::meta());
                assert_eq!(get_default_device(), Device::meta());
            }
            assert_eq!(get_default_device(), cuda1);
        }
        assert_eq!(get_default_device(), start);
        set_default_device(Device::meta());
        assert_eq!(get_default_device(), Device::meta());
        set_default_device(start);
        assert_eq!(get_default_device(), start);
    }
}
