"""The ``safetensors.torch`` module of the ``safetensors`` package, for oxtorch tensors: ``save_file``,
``load_file``, ``save`` and ``load`` with its signatures and behaviour, so that code written for it runs with
``from oxtorch.safetensors import ...`` (the same functions are ``oxtorch.save_file`` ...). Files are written and
read by the ``safetensors`` crate, the one the Python package runs, so they are byte for byte the same;
``load_file`` maps the file copy-on-write (no tensor byte is read until it is used, and writes never reach the
file). One difference: a tensor that is not contiguous is saved as its contiguous copy, where ``safetensors.torch``
raises a ``ValueError``."""

from ._C import SafetensorError, load, load_file, save, save_file

__all__ = ["save_file", "load_file", "save", "load", "SafetensorError"]
