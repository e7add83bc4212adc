//! `oxtorch.device`: PyTorch's constructor forms, attributes, equality, hashing, pickling and use as a context
//! manager that sets the default device for a block.

use crate::errors::ResultExt;
use oxtorch::Device;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use std::sync::Mutex;

/// The device a tensor is or will be allocated on (`torch.device`).
#[pyclass(name = "device", module = "oxtorch", frozen)]
pub struct PyDevice {
    /// The device.
    pub device: Device,
    /// Default devices to restore, one per `with` block entered on this object.
    previous: Mutex<Vec<Device>>,
}

impl PyDevice {
    /// Wraps a device.
    pub fn wrap(device: Device) -> PyDevice {
        PyDevice { device, previous: Mutex::new(Vec::new()) }
    }
}

/// A device from any of the forms PyTorch's `device=` arguments accept: a device, a string, or a legacy integer
/// ordinal (meaning cuda).
pub fn device_arg(obj: &Bound<'_, PyAny>) -> PyResult<Device> {
    if let Ok(d) = obj.cast::<PyDevice>() {
        return Ok(d.get().device);
    }
    if let Ok(s) = obj.extract::<String>() {
        return Device::parse(&s).py();
    }
    if let Ok(i) = obj.extract::<i64>() {
        return Device::from_ordinal(i).py();
    }
    if obj.is_instance_of::<pyo3::types::PyInt>() {
        // an ordinal beyond int64: PyTorch's parser cannot unpack it
        return Err(crate::errors::unpack_overflow());
    }
    Err(PyTypeError::new_err(format!(
        "Expected a torch.device, a string or an integer ordinal as device, but got {}",
        obj.get_type().name()?
    )))
}

#[pymethods]
impl PyDevice {
    #[new]
    #[pyo3(signature = (r#type, *rest, **kwargs), text_signature = "(type, index=None)")]
    fn new(
        r#type: &Bound<'_, PyAny>,
        rest: &Bound<'_, pyo3::types::PyTuple>,
        kwargs: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<PyDevice> {
        let type_or_device = r#type;
        // `index` given positionally or by keyword (an explicit None counts as given)
        if let Some(k) = kwargs {
            if let Some(other) = k.keys().iter().map(|key| key.to_string()).find(|key| key != "index") {
                return Err(PyTypeError::new_err(format!("device() got an unexpected keyword argument '{other}'")));
            }
        }
        let index = match (rest.len(), kwargs.map(|k| k.get_item("index")).transpose()?.flatten()) {
            (0, i) => i,
            (1, None) => Some(rest.get_item(0)?),
            _ => {
                return Err(PyTypeError::new_err(format!(
                    "device() takes at most 2 arguments ({} given)",
                    1 + rest.len() + kwargs.map_or(0, |k| k.len())
                )))
            }
        };
        let index = index.as_ref();
        // PyTorch's argument parser: the index must be an int (not a bool), and a bool is no device
        let index: Option<Option<i64>> = match index {
            None => None,
            Some(i) if i.is_none() => Some(None),
            Some(i)
                if !i.is_instance_of::<pyo3::types::PyBool>()
                    && i.is_instance_of::<pyo3::types::PyInt>()
                    && i.extract::<i64>().is_err() =>
            {
                // an index beyond int64: PyTorch's parser cannot unpack it
                return Err(crate::errors::unpack_overflow());
            }
            Some(i) if i.is_instance_of::<pyo3::types::PyBool>() || i.extract::<i64>().is_err() => {
                return Err(PyTypeError::new_err(format!(
                    "device(): argument 'index' (position 2) must be int, not {}",
                    i.get_type().name()?
                )))
            }
            Some(i) => Some(Some(i.extract()?)),
        };
        if type_or_device.is_instance_of::<pyo3::types::PyBool>()
            || type_or_device.is_instance_of::<pyo3::types::PyFloat>()
        {
            return Err(PyTypeError::new_err(format!(
                "device() received an invalid combination of arguments - got ({}), but expected one of:\n \
                 * (torch.device device)\n * (str type, int index = -1)\n",
                type_or_device.get_type().name()?
            )));
        }
        let device = match (type_or_device.extract::<String>(), index) {
            // an index passed explicitly, even None: the string must not carry one
            (Ok(s), Some(i)) => Device::with_index(&s, i).py()?,
            (Ok(s), None) => Device::parse(&s).py()?,
            (Err(_), _) => device_arg(type_or_device)?,
        };
        Ok(PyDevice::wrap(device))
    }

    /// The device type, e.g. `'cuda'`.
    #[getter(r#type)]
    fn type_(&self) -> &'static str {
        self.device.type_name()
    }

    /// The device index, or None.
    #[getter]
    fn index(&self) -> Option<u8> {
        self.device.index()
    }

    fn __repr__(&self) -> String {
        self.device.repr()
    }

    fn __str__(&self) -> String {
        self.device.to_string()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyDevice>().is_ok_and(|o| o.get().device == self.device)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.device.hash(&mut h);
        h.finish()
    }

    fn __reduce__(slf: &Bound<'_, Self>) -> PyResult<(Py<PyAny>, (String,))> {
        Ok((slf.get_type().into_any().unbind(), (slf.get().device.to_string(),)))
    }

    /// `with oxtorch.device(...):` makes this the default device for factory calls in the block.
    fn __enter__(slf: &Bound<'_, Self>) -> Py<PyDevice> {
        let this = slf.get();
        let previous = oxtorch::get_default_device();
        this.previous.lock().unwrap_or_else(|e| e.into_inner()).push(previous);
        oxtorch::set_default_device(this.device);
        slf.clone().unbind()
    }

    fn __exit__(&self, _t: &Bound<'_, PyAny>, _v: &Bound<'_, PyAny>, _tb: &Bound<'_, PyAny>) -> bool {
        if let Some(previous) = self.previous.lock().unwrap_or_else(|e| e.into_inner()).pop() {
            oxtorch::set_default_device(previous);
        }
        false
    }
}

/// `torch.set_default_device(device)`: the device factories use when none is given (`None` means cpu).
#[pyfunction]
pub fn set_default_device(device: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
    let d = match device {
        Some(d) if !d.is_none() => device_arg(d)?,
        _ => Device::cpu(),
    };
    oxtorch::set_default_device(d);
    Ok(())
}

/// `torch.get_default_device()`.
#[pyfunction]
pub fn get_default_device() -> PyDevice {
    PyDevice::wrap(oxtorch::get_default_device())
}
