# Type stubs of `oxtorch.safetensors` (the `safetensors.torch` functions for oxtorch tensors).
from oxtorch._C import SafetensorError as SafetensorError
from oxtorch._C import load as load
from oxtorch._C import load_file as load_file
from oxtorch._C import save as save
from oxtorch._C import save_file as save_file

__all__ = ["save_file", "load_file", "save", "load", "SafetensorError"]
