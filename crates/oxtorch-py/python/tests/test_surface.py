"""The view and shape operations' surface beyond their methods (crates/oxtorch-py/src/surface.rs): the ``torch.<name>``
function forms and their argument parsing, the in-place views (``t_``, ``transpose_``, ``squeeze_``, ``unsqueeze_``,
``as_strided_``, ``swapaxes_``, ``swapdims_``), the aliases (``swapaxes``, ``swapdims``, ``moveaxis``, ``view_as``,
``reshape_as``), the attributes ``real``, ``imag``, ``H``, ``mH``, and the split family (``tensor_split``, ``hsplit``,
``vsplit``, ``dsplit``, ``split_with_sizes``, ``unsafe_split``, ``unsafe_split_with_sizes``, ``unbind``, ``split``).

Every expected value is PyTorch 2.15's answer, written out (``torch.`` in its messages written ``oxtorch.``; its
dispatcher's "Could not run" errors kept to their first sentence, as oxtorch words them), so no PyTorch is needed.
``CASES`` maps an expression to the geometry of its result (sizes, strides, storage offset; a list of them for a
tuple) or to the exception it raises (class and whole message)."""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest

import oxtorch as torch


def env():
    """The names the expressions of ``CASES`` use."""
    return {
        "torch": torch,
        "np": np,
        "x": torch.arange(24.0).reshape(2, 3, 4),
        "m": torch.arange(6.0).reshape(2, 3),
        "z": torch.tensor([[1 + 2j, 3 - 4j, 5j], [-1j, 2 + 0j, 1 + 1j]]),
        "s": torch.tensor([[0.0, 1.0, 0.0], [2.0, 0.0, 3.0]]).to_sparse(),
        "I": type("I", (), {"__index__": lambda self: 1}),
    }


def geometry(r):
    """A tensor's (sizes, strides, storage offset), a sparse tensor's ("sparse", sizes), a tuple's list of them."""
    if isinstance(r, tuple):
        return [geometry(t) for t in r]
    if r.is_sparse:
        return ("sparse", tuple(r.shape))
    return (tuple(r.shape), r.stride(), r.storage_offset())


def raises(cls, message):
    """pytest.raises for an exact message."""
    return pytest.raises(cls, match="^" + re.escape(message) + "$")


CASES = [
    ('torch.reshape(x, 2, 3)', TypeError('reshape() takes 2 positional arguments but 3 were given')),
    ('torch.reshape(x, (3,2))', RuntimeError("shape '[3, 2]' is invalid for input of size 24")),
    ('torch.reshape(x, [3,2])', RuntimeError("shape '[3, 2]' is invalid for input of size 24")),
    ('torch.reshape(x, 6)', TypeError("reshape(): argument 'shape' (position 2) must be tuple of ints, not int")),
    ('torch.reshape(x, shape=(3,2))', RuntimeError("shape '[3, 2]' is invalid for input of size 24")),
    ('torch.reshape(input=x, shape=(3,2))', RuntimeError("shape '[3, 2]' is invalid for input of size 24")),
    ('torch.reshape(2, (1,))', TypeError("reshape(): argument 'input' (position 1) must be Tensor, not int")),
    ('torch.reshape(x)', TypeError('reshape() missing 1 required positional arguments: "shape"')),
    ('torch.reshape()', TypeError('reshape() missing 2 required positional argument: "input", "shape"')),
    ('torch.reshape(x, (3,2), 1)', TypeError('reshape() takes 2 positional arguments but 3 were given')),
    ('torch.reshape(x, (3,2), foo=1)', TypeError("reshape() got an unexpected keyword argument 'foo'")),
    ('torch.reshape(x, "ab")', TypeError("reshape(): argument 'shape' (position 2) must be tuple of ints, not str")),
    ('torch.reshape(x, (2.0, 3))', TypeError("reshape(): argument 'shape' (position 2) must be tuple of ints, but found element of type float at pos 0")),
    ('torch.reshape(x, (2, 3.0))', TypeError('reshape(): argument \'shape\' failed to unpack the object at pos 2 with error "type must be tuple of ints,but got float"')),
    ('torch.reshape(None, (1,))', TypeError("reshape(): argument 'input' (position 1) must be Tensor, not NoneType")),
    ('torch.permute(x, 1, 0)', TypeError('permute() takes 2 positional arguments but 3 were given')),
    ('torch.permute(x, (1, 0))', RuntimeError('permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired ordering of dimensions i.e. input.dim() = 3 is not equal to len(dims) = 2')),
    ('torch.permute(x, dims=(1, 0))', RuntimeError('permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired ordering of dimensions i.e. input.dim() = 3 is not equal to len(dims) = 2')),
    ('torch.permute(x, 1)', TypeError("permute(): argument 'dims' (position 2) must be tuple of ints, not int")),
    ('torch.permute(3, (1,0))', TypeError("permute(): argument 'input' (position 1) must be Tensor, not int")),
    ('torch.permute(x)', TypeError('permute() missing 1 required positional arguments: "dims"')),
    ('torch.squeeze(x)', ((2, 3, 4), (12, 4, 1), 0)),
    ('torch.squeeze(x, 0)', ((2, 3, 4), (12, 4, 1), 0)),
    ('torch.squeeze(x, (0,1))', ((2, 3, 4), (12, 4, 1), 0)),
    ('torch.squeeze(x, dim=None)', TypeError("squeeze() received an invalid combination of arguments - got (Tensor, dim=NoneType), but expected one of:\n * (Tensor input)\n * (Tensor input, int dim)\n      didn't match because some of the arguments have invalid types: (Tensor, !dim=NoneType!)\n * (Tensor input, tuple of ints dim)\n      didn't match because some of the arguments have invalid types: (Tensor, !dim=NoneType!)\n")),
    ('torch.squeeze(x, None)', TypeError("squeeze() received an invalid combination of arguments - got (Tensor, NoneType), but expected one of:\n * (Tensor input)\n * (Tensor input, int dim)\n      didn't match because some of the arguments have invalid types: (Tensor, !NoneType!)\n * (Tensor input, tuple of ints dim)\n      didn't match because some of the arguments have invalid types: (Tensor, !NoneType!)\n")),
    ('torch.squeeze(x, 0, 1)', TypeError('squeeze() received an invalid combination of arguments - got (Tensor, int, int), but expected one of:\n * (Tensor input)\n * (Tensor input, int dim)\n * (Tensor input, tuple of ints dim)\n')),
    ('torch.squeeze(1)', TypeError("squeeze(): argument 'input' (position 1) must be Tensor, not int")),
    ('torch.squeeze(x, "a")', TypeError("squeeze() received an invalid combination of arguments - got (Tensor, str), but expected one of:\n * (Tensor input)\n * (Tensor input, int dim)\n      didn't match because some of the arguments have invalid types: (Tensor, !str!)\n * (Tensor input, tuple of ints dim)\n      didn't match because some of the arguments have invalid types: (Tensor, !str!)\n")),
    ('torch.squeeze(x, 1.5)', TypeError("squeeze() received an invalid combination of arguments - got (Tensor, float), but expected one of:\n * (Tensor input)\n * (Tensor input, int dim)\n      didn't match because some of the arguments have invalid types: (Tensor, !float!)\n * (Tensor input, tuple of ints dim)\n      didn't match because some of the arguments have invalid types: (Tensor, !float!)\n")),
    ('torch.narrow(x, 0, 0, 1)', ((1, 3, 4), (12, 4, 1), 0)),
    ('torch.narrow(x, 0, torch.tensor(0), 1)', ((1, 3, 4), (12, 4, 1), 0)),
    ('torch.narrow(x, 0, 0)', TypeError('narrow() received an invalid combination of arguments - got (Tensor, int, int), but expected one of:\n * (Tensor input, int dim, Tensor start, int length)\n * (Tensor input, int dim, int start, int length)\n')),
    ('torch.narrow(1, 0, 0, 1)', TypeError("narrow() received an invalid combination of arguments - got (int, int, int, int), but expected one of:\n * (Tensor input, int dim, Tensor start, int length)\n      didn't match because some of the arguments have invalid types: (!int!, int, !int!, int)\n * (Tensor input, int dim, int start, int length)\n      didn't match because some of the arguments have invalid types: (!int!, int, int, int)\n")),
    ('torch.narrow(x, dim=1, start=1, length=2)', ((2, 2, 4), (12, 4, 1), 4)),
    ('torch.flatten(x)', ((24,), (1,), 0)),
    ('torch.flatten(x, 1)', ((2, 12), (12, 1), 0)),
    ('torch.flatten(x, 0, 1)', ((6, 4), (4, 1), 0)),
    ('torch.flatten(x, start_dim=1)', ((2, 12), (12, 1), 0)),
    ("torch.flatten(x, 'a')", TypeError("flatten(): argument 'start_dim' (position 2) must be int, not str")),
    ('torch.flatten(1)', TypeError("flatten(): argument 'input' (position 1) must be Tensor, not int")),
    ('torch.flatten(x, 0, 1, 2)', TypeError('flatten() takes from 1 to 3 positional arguments but 4 were given')),
    ('torch.movedim(x, 0, 1)', ((3, 2, 4), (4, 12, 1), 0)),
    ('torch.movedim(x, (0,1), (1,0))', ((3, 2, 4), (4, 12, 1), 0)),
    ('torch.movedim(x, source=0, destination=1)', ((3, 2, 4), (4, 12, 1), 0)),
    ('torch.movedim(1, 0, 1)', TypeError("movedim() received an invalid combination of arguments - got (int, int, int), but expected one of:\n * (Tensor input, int source, int destination)\n      didn't match because some of the arguments have invalid types: (!int!, int, int)\n * (Tensor input, tuple of ints source, tuple of ints destination)\n      didn't match because some of the arguments have invalid types: (!int!, !int!, !int!)\n")),
    ('torch.movedim(x, 0)', TypeError('movedim() received an invalid combination of arguments - got (Tensor, int), but expected one of:\n * (Tensor input, int source, int destination)\n * (Tensor input, tuple of ints source, tuple of ints destination)\n')),
    ('torch.moveaxis(x, 0, 1)', ((3, 2, 4), (4, 12, 1), 0)),
    ('torch.moveaxis(1, 0, 1)', TypeError("moveaxis() received an invalid combination of arguments - got (int, int, int), but expected one of:\n * (Tensor input, int source, int destination)\n      didn't match because some of the arguments have invalid types: (!int!, int, int)\n * (Tensor input, tuple of ints source, tuple of ints destination)\n      didn't match because some of the arguments have invalid types: (!int!, !int!, !int!)\n")),
    ('torch.moveaxis(x, 0)', TypeError('moveaxis() received an invalid combination of arguments - got (Tensor, int), but expected one of:\n * (Tensor input, int source, int destination)\n * (Tensor input, tuple of ints source, tuple of ints destination)\n')),
    ('torch.diagonal(x)', ((4, 2), (1, 16), 0)),
    ('torch.diagonal(x, 1)', ((4, 2), (1, 16), 4)),
    ('torch.diagonal(x, offset=1, dim1=1, dim2=0)', ((4, 1), (1, 16), 12)),
    ('torch.diagonal(1)', TypeError("diagonal(): argument 'input' (position 1) must be Tensor, not int")),
    ('torch.diagonal(x, 0, 0, 1, 2)', TypeError('diagonal() takes from 1 to 4 positional arguments but 5 were given')),
    ('torch.unsqueeze(x, 0)', ((1, 2, 3, 4), (24, 12, 4, 1), 0)),
    ('torch.unsqueeze(x)', TypeError('unsqueeze() missing 1 required positional arguments: "dim"')),
    ('torch.unsqueeze(1, 0)', TypeError("unsqueeze(): argument 'input' (position 1) must be Tensor, not int")),
    ('torch.unsqueeze(x, dim=2)', ((2, 3, 1, 4), (12, 4, 4, 1), 0)),
    ('torch.unflatten(x, 1, (3,1))', ((2, 3, 1, 4), (12, 4, 4, 1), 0)),
    ('torch.unflatten(x, 1, 3)', TypeError("unflatten(): argument 'sizes' (position 3) must be tuple of ints, not int")),
    ('torch.unflatten(1, 1, (3,1))', TypeError("unflatten(): argument 'input' (position 1) must be Tensor, not int")),
    ('torch.unflatten(x, dim=1, sizes=(3,1))', ((2, 3, 1, 4), (12, 4, 4, 1), 0)),
    ('torch.unflatten(x, 1)', TypeError('unflatten() missing 1 required positional arguments: "sizes"')),
    ('torch.split(x, 1)', [((1, 3, 4), (12, 4, 1), 0), ((1, 3, 4), (12, 4, 1), 12)]),
    ('torch.split(x, [1,1])', [((1, 3, 4), (12, 4, 1), 0), ((1, 3, 4), (12, 4, 1), 12)]),
    ('torch.split(x, 2, 1)', [((2, 2, 4), (12, 4, 1), 0), ((2, 1, 4), (12, 4, 1), 8)]),
    ('torch.split(x, split_size_or_sections=2, dim=1)', [((2, 2, 4), (12, 4, 1), 0), ((2, 1, 4), (12, 4, 1), 8)]),
    ('torch.split(1, 1)', AttributeError("'int' object has no attribute 'split'")),
    ('torch.split(x)', TypeError("split() missing 1 required positional argument: 'split_size_or_sections'")),
    ('torch.split(x, 1.5)', TypeError("split_with_sizes(): argument 'split_sizes' (position 2) must be tuple of ints, not float")),
    ("torch.split(x, 'a')", TypeError("split_with_sizes(): argument 'split_sizes' (position 2) must be tuple of ints, not str")),
    ('torch.split(x, torch.tensor(1))', [((1, 3, 4), (12, 4, 1), 0), ((1, 3, 4), (12, 4, 1), 12)]),
    ('torch.split(x, (1, 1))', [((1, 3, 4), (12, 4, 1), 0), ((1, 3, 4), (12, 4, 1), 12)]),
    ('torch.split(x, 1, 0, 1)', TypeError('split() takes from 2 to 3 positional arguments but 4 were given')),
    ('torch.clone(x)', ((2, 3, 4), (12, 4, 1), 0)),
    ('torch.clone(x, memory_format=torch.contiguous_format)', ((2, 3, 4), (12, 4, 1), 0)),
    ('torch.clone(x, torch.contiguous_format)', TypeError('clone() takes 1 positional argument but 2 were given')),
    ('torch.clone(1)', TypeError("clone(): argument 'input' (position 1) must be Tensor, not int")),
    ('torch.clone()', TypeError('clone() missing 1 required positional arguments: "input"')),
    ('torch.as_strided(x, (2,2), (1,2))', ((2, 2), (1, 2), 0)),
    ('torch.as_strided(x, (2,2), (1,2), 1)', ((2, 2), (1, 2), 1)),
    ('torch.as_strided(x, size=(2,2), stride=(1,2), storage_offset=1)', ((2, 2), (1, 2), 1)),
    ('torch.as_strided(x, (2,2), (1,2), None)', ((2, 2), (1, 2), 0)),
    ('torch.as_strided(1, (2,2), (1,2))', TypeError("as_strided(): argument 'input' (position 1) must be Tensor, not int")),
    ('torch.as_strided(x, (2,2))', TypeError('as_strided() missing 1 required positional arguments: "stride"')),
    ('torch.transpose(x, 0, 1)', ((3, 2, 4), (4, 12, 1), 0)),
    ('torch.transpose(x, dim0=0, dim1=1)', ((3, 2, 4), (4, 12, 1), 0)),
    ('torch.transpose(x, 0)', TypeError('transpose() missing 1 required positional arguments: "dim1"')),
    ('torch.transpose(1, 0, 1)', TypeError("transpose(): argument 'input' (position 1) must be Tensor, not int")),
    ('torch.swapaxes(x, 0, 1)', ((3, 2, 4), (4, 12, 1), 0)),
    ('torch.swapaxes(x, axis0=0, axis1=1)', ((3, 2, 4), (4, 12, 1), 0)),
    ('torch.swapaxes(x, 0)', TypeError('swapaxes() missing 1 required positional arguments: "axis1"')),
    ('torch.swapaxes(1, 0, 1)', TypeError("swapaxes(): argument 'input' (position 1) must be Tensor, not int")),
    ('torch.swapdims(x, 0, 1)', ((3, 2, 4), (4, 12, 1), 0)),
    ('torch.swapdims(x, dim0=0, dim1=1)', ((3, 2, 4), (4, 12, 1), 0)),
    ('torch.swapdims(1, 0, 1)', TypeError("swapdims(): argument 'input' (position 1) must be Tensor, not int")),
    ('torch.t(x)', RuntimeError('t() expects a tensor with <= 2 dimensions, but self is 3D')),
    ('torch.t(1)', TypeError("t(): argument 'input' (position 1) must be Tensor, not int")),
    ('torch.t(x, 1)', TypeError('t() takes 1 positional argument but 2 were given')),
    ('torch.t(input=x)', RuntimeError('t() expects a tensor with <= 2 dimensions, but self is 3D')),
    ('torch.chunk(x, 2)', [((1, 3, 4), (12, 4, 1), 0), ((1, 3, 4), (12, 4, 1), 12)]),
    ('torch.chunk(x, 2, 1)', [((2, 2, 4), (12, 4, 1), 0), ((2, 1, 4), (12, 4, 1), 8)]),
    ('torch.chunk(x, chunks=2, dim=1)', [((2, 2, 4), (12, 4, 1), 0), ((2, 1, 4), (12, 4, 1), 8)]),
    ('torch.chunk(1, 2)', TypeError("chunk(): argument 'input' (position 1) must be Tensor, not int")),
    ('torch.chunk(x)', TypeError('chunk() missing 1 required positional arguments: "chunks"')),
    ('torch.select(x, 0, 1)', ((3, 4), (4, 1), 12)),
    ('torch.select(x, dim=0, index=1)', ((3, 4), (4, 1), 12)),
    ('torch.select(1, 0, 1)', TypeError("select(): argument 'input' (position 1) must be Tensor, not int")),
    ('torch.select(x, 0)', TypeError('select() missing 1 required positional arguments: "index"')),
    ("torch.select(x, 'a', 1)", TypeError("select(): argument 'dim' (position 2) must be int, not str")),
    ('torch.tensor_split(1, 2)', TypeError('tensor_split() received an invalid combination of arguments - got (int, int), but expected one of:\n * (Tensor input, tuple of ints indices, int dim = 0)\n * (Tensor input, Tensor tensor_indices_or_sections, int dim = 0)\n * (Tensor input, int sections, int dim = 0)\n')),
    ("torch.tensor_split(x, 'a')", TypeError('tensor_split() received an invalid combination of arguments - got (Tensor, str), but expected one of:\n * (Tensor input, tuple of ints indices, int dim = 0)\n * (Tensor input, Tensor tensor_indices_or_sections, int dim = 0)\n * (Tensor input, int sections, int dim = 0)\n')),
    ('torch.tensor_split(x)', TypeError('tensor_split() received an invalid combination of arguments - got (Tensor), but expected one of:\n * (Tensor input, tuple of ints indices, int dim = 0)\n * (Tensor input, Tensor tensor_indices_or_sections, int dim = 0)\n * (Tensor input, int sections, int dim = 0)\n')),
    ('torch.tensor_split(x, 2, 1, 3)', TypeError('tensor_split() received an invalid combination of arguments - got (Tensor, int, int, int), but expected one of:\n * (Tensor input, tuple of ints indices, int dim = 0)\n * (Tensor input, Tensor tensor_indices_or_sections, int dim = 0)\n * (Tensor input, int sections, int dim = 0)\n')),
    ('torch.tensor_split(x, 2)', [((1, 3, 4), (12, 4, 1), 0), ((1, 3, 4), (12, 4, 1), 12)]),
    ('torch.tensor_split(x, 3, 2)', [((2, 3, 2), (12, 4, 1), 0), ((2, 3, 1), (12, 4, 1), 2), ((2, 3, 1), (12, 4, 1), 3)]),
    ('torch.tensor_split(x, (1, 2))', [((1, 3, 4), (12, 4, 1), 0), ((1, 3, 4), (12, 4, 1), 12), ((0, 3, 4), (12, 4, 1), 24)]),
    ('torch.tensor_split(x, [1, 5], dim=2)', [((2, 3, 1), (12, 4, 1), 0), ((2, 3, 3), (12, 4, 1), 1), ((2, 3, 0), (12, 4, 1), 4)]),
    ('torch.tensor_split(x, torch.tensor([1,2]), 1)', [((2, 1, 4), (12, 4, 1), 0), ((2, 1, 4), (12, 4, 1), 4), ((2, 1, 4), (12, 4, 1), 8)]),
    ('torch.tensor_split(x, torch.tensor(2), 1)', [((2, 2, 4), (12, 4, 1), 0), ((2, 1, 4), (12, 4, 1), 8)]),
    ('torch.tensor_split(x, torch.tensor([[1]]), 1)', RuntimeError('tensor_split expected tensor_indices_or_sections to be a zero-dimensional or one-dimensional tensor, but got a tensor with 2 dims')),
    ('torch.tensor_split(x, torch.tensor([1.]), 1)', RuntimeError('tensor_split expected tensor_indices_or_sections to have dtype of long, but got Float')),
    ('torch.tensor_split(x, torch.tensor(1.), 1)', RuntimeError('tensor_split expected tensor_indices_or_sections to have dtype of long, but got Float')),
    ('torch.tensor_split(x, torch.tensor([1], dtype=torch.int32), 1)', RuntimeError('tensor_split expected tensor_indices_or_sections to have dtype of long, but got Int')),
    ('torch.tensor_split(x, 0)', RuntimeError('number of sections must be larger than 0, got 0')),
    ('torch.tensor_split(x, -1)', RuntimeError('number of sections must be larger than 0, got -1')),
    ('torch.tensor_split(x, sections=2)', [((1, 3, 4), (12, 4, 1), 0), ((1, 3, 4), (12, 4, 1), 12)]),
    ('torch.tensor_split(x, indices=(1,))', [((1, 3, 4), (12, 4, 1), 0), ((1, 3, 4), (12, 4, 1), 12)]),
    ('torch.tensor_split(x, tensor_indices_or_sections=torch.tensor(2))', [((1, 3, 4), (12, 4, 1), 0), ((1, 3, 4), (12, 4, 1), 12)]),
    ('torch.tensor_split(x, indices_or_sections=2)', TypeError('tensor_split() received an invalid combination of arguments - got (Tensor, indices_or_sections=int), but expected one of:\n * (Tensor input, tuple of ints indices, int dim = 0)\n * (Tensor input, Tensor tensor_indices_or_sections, int dim = 0)\n * (Tensor input, int sections, int dim = 0)\n')),
    ('torch.tensor_split(torch.tensor(1.), 2)', RuntimeError('tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims')),
    ('torch.tensor_split(x, 2, 5)', IndexError('Dimension out of range (expected to be in range of [-3, 2], but got 5)')),
    ('torch.tensor_split(x, (3, 1))', [((2, 3, 4), (12, 4, 1), 0), ((0, 3, 4), (12, 4, 1), 24), ((1, 3, 4), (12, 4, 1), 12)]),
    ('torch.tensor_split(x, (-1,))', [((1, 3, 4), (12, 4, 1), 0), ((1, 3, 4), (12, 4, 1), 12)]),
    ('torch.tensor_split(x, ())', [((2, 3, 4), (12, 4, 1), 0)]),
    ('torch.tensor_split(x, 2.5)', TypeError('tensor_split() received an invalid combination of arguments - got (Tensor, float), but expected one of:\n * (Tensor input, tuple of ints indices, int dim = 0)\n * (Tensor input, Tensor tensor_indices_or_sections, int dim = 0)\n * (Tensor input, int sections, int dim = 0)\n')),
    ('torch.tensor_split(x, None)', TypeError('tensor_split() received an invalid combination of arguments - got (Tensor, NoneType), but expected one of:\n * (Tensor input, tuple of ints indices, int dim = 0)\n * (Tensor input, Tensor tensor_indices_or_sections, int dim = 0)\n * (Tensor input, int sections, int dim = 0)\n')),
    ('x.tensor_split(2)', [((1, 3, 4), (12, 4, 1), 0), ((1, 3, 4), (12, 4, 1), 12)]),
    ("x.tensor_split('a')", TypeError('tensor_split() received an invalid combination of arguments - got (str), but expected one of:\n * (tuple of ints indices, int dim = 0)\n * (Tensor tensor_indices_or_sections, int dim = 0)\n * (int sections, int dim = 0)\n')),
    ('x.tensor_split(1, 2, 3)', TypeError('tensor_split() received an invalid combination of arguments - got (int, int, int), but expected one of:\n * (tuple of ints indices, int dim = 0)\n * (Tensor tensor_indices_or_sections, int dim = 0)\n * (int sections, int dim = 0)\n')),
    ('x.tensor_split(torch.tensor([1,2]), 1)', [((2, 1, 4), (12, 4, 1), 0), ((2, 1, 4), (12, 4, 1), 4), ((2, 1, 4), (12, 4, 1), 8)]),
    ('x.tensor_split(2, dim=1)', [((2, 2, 4), (12, 4, 1), 0), ((2, 1, 4), (12, 4, 1), 8)]),
    ('x.tensor_split(sections=2, dim=1)', [((2, 2, 4), (12, 4, 1), 0), ((2, 1, 4), (12, 4, 1), 8)]),
    ('x.tensor_split(1, 2)', [((2, 3, 4), (12, 4, 1), 0)]),
    ('x.tensor_split(0)', RuntimeError('number of sections must be larger than 0, got 0')),
    ('torch.hsplit(x, 2)', RuntimeError('oxtorch.hsplit attempted to split along dimension 1, but the size of the dimension 3 is not divisible by the split_size 2!')),
    ('torch.hsplit(x, 3)', [((2, 1, 4), (12, 4, 1), 0), ((2, 1, 4), (12, 4, 1), 4), ((2, 1, 4), (12, 4, 1), 8)]),
    ('torch.hsplit(x, [1])', [((2, 1, 4), (12, 4, 1), 0), ((2, 2, 4), (12, 4, 1), 4)]),
    ('torch.hsplit(torch.arange(6.), 2)', [((3,), (1,), 0), ((3,), (1,), 3)]),
    ('torch.hsplit(torch.arange(6.), 4)', RuntimeError('oxtorch.hsplit attempted to split along dimension 0, but the size of the dimension 6 is not divisible by the split_size 4!')),
    ('torch.hsplit(torch.tensor(1.), 2)', RuntimeError('oxtorch.hsplit requires a tensor with at least 1 dimension, but got a tensor with 0 dimensions!')),
    ('torch.hsplit(1, 2)', TypeError("hsplit() received an invalid combination of arguments - got (int, int), but expected one of:\n * (Tensor input, int sections)\n      didn't match because some of the arguments have invalid types: (!int!, int)\n * (Tensor input, tuple of ints indices)\n      didn't match because some of the arguments have invalid types: (!int!, !int!)\n")),
    ("torch.hsplit(x, 'a')", TypeError("hsplit() received an invalid combination of arguments - got (Tensor, str), but expected one of:\n * (Tensor input, int sections)\n      didn't match because some of the arguments have invalid types: (Tensor, !str!)\n * (Tensor input, tuple of ints indices)\n      didn't match because some of the arguments have invalid types: (Tensor, !str!)\n")),
    ('torch.hsplit(x)', TypeError('hsplit() received an invalid combination of arguments - got (Tensor), but expected one of:\n * (Tensor input, int sections)\n * (Tensor input, tuple of ints indices)\n')),
    ('torch.hsplit(x, 2, 1)', TypeError('hsplit() received an invalid combination of arguments - got (Tensor, int, int), but expected one of:\n * (Tensor input, int sections)\n * (Tensor input, tuple of ints indices)\n')),
    ('torch.hsplit(x, sections=3)', [((2, 1, 4), (12, 4, 1), 0), ((2, 1, 4), (12, 4, 1), 4), ((2, 1, 4), (12, 4, 1), 8)]),
    ('torch.hsplit(x, indices=[1])', [((2, 1, 4), (12, 4, 1), 0), ((2, 2, 4), (12, 4, 1), 4)]),
    ('torch.hsplit(x, 0)', RuntimeError('oxtorch.hsplit attempted to split along dimension 1, but the size of the dimension 3 is not divisible by the split_size 0!')),
    ('torch.vsplit(x, 2)', [((1, 3, 4), (12, 4, 1), 0), ((1, 3, 4), (12, 4, 1), 12)]),
    ('torch.vsplit(x, [1])', [((1, 3, 4), (12, 4, 1), 0), ((1, 3, 4), (12, 4, 1), 12)]),
    ('torch.vsplit(x, 3)', RuntimeError('oxtorch.vsplit attempted to split along dimension 0, but the size of the dimension 2 is not divisible by the split_size 3!')),
    ('torch.vsplit(torch.arange(6.), 2)', RuntimeError('oxtorch.vsplit requires a tensor with at least 2 dimension, but got a tensor with 1 dimensions!')),
    ('torch.vsplit(x, 0)', RuntimeError('oxtorch.vsplit attempted to split along dimension 0, but the size of the dimension 2 is not divisible by the split_size 0!')),
    ('torch.dsplit(x, 2)', [((2, 3, 2), (12, 4, 1), 0), ((2, 3, 2), (12, 4, 1), 2)]),
    ('torch.dsplit(x, [1,3])', [((2, 3, 1), (12, 4, 1), 0), ((2, 3, 2), (12, 4, 1), 1), ((2, 3, 1), (12, 4, 1), 3)]),
    ('torch.dsplit(x, 3)', RuntimeError('oxtorch.dsplit attempted to split along dimension 2, but the size of the dimension 4 is not divisible by the split_size 3!')),
    ('torch.dsplit(torch.ones(2,2), 2)', RuntimeError('oxtorch.dsplit requires a tensor with at least 3 dimension, but got a tensor with 2 dimensions!')),
    ('torch.dsplit(x, 0)', RuntimeError('oxtorch.dsplit attempted to split along dimension 2, but the size of the dimension 4 is not divisible by the split_size 0!')),
    ('x.hsplit(3)', [((2, 1, 4), (12, 4, 1), 0), ((2, 1, 4), (12, 4, 1), 4), ((2, 1, 4), (12, 4, 1), 8)]),
    ('x.vsplit([1])', [((1, 3, 4), (12, 4, 1), 0), ((1, 3, 4), (12, 4, 1), 12)]),
    ('x.dsplit(2)', [((2, 3, 2), (12, 4, 1), 0), ((2, 3, 2), (12, 4, 1), 2)]),
    ('x.hsplit(3, 1)', [((2, 3, 4), (12, 4, 1), 0), ((2, 0, 4), (12, 4, 1), 12), ((2, 2, 4), (12, 4, 1), 4)]),
    ('x.hsplit()', TypeError('hsplit() received an invalid combination of arguments - got (), but expected one of:\n * (int sections)\n * (tuple of ints indices)\n')),
    ("x.hsplit('a')", TypeError("hsplit() received an invalid combination of arguments - got (str), but expected one of:\n * (int sections)\n      didn't match because some of the arguments have invalid types: (!str!)\n * (tuple of ints indices)\n      didn't match because some of the arguments have invalid types: (!str!)\n")),
    ('torch.split_with_sizes(x, [1, 2], 1)', [((2, 1, 4), (12, 4, 1), 0), ((2, 2, 4), (12, 4, 1), 4)]),
    ('torch.split_with_sizes(x, [1, 2], dim=1)', [((2, 1, 4), (12, 4, 1), 0), ((2, 2, 4), (12, 4, 1), 4)]),
    ('torch.split_with_sizes(x, 3, 1)', TypeError("split_with_sizes(): argument 'split_sizes' (position 2) must be tuple of ints, not int")),
    ('torch.split_with_sizes(x, [1, 1], 1)', RuntimeError("split_with_sizes expects split_sizes to sum exactly to 3 (input tensor's size at dimension 1), but got split_sizes=[1, 1]")),
    ('torch.split_with_sizes(x, [3, -1], 1)', RuntimeError('split_with_sizes expects split_sizes have only non-negative entries, but got split_sizes=[3, -1]')),
    ('torch.split_with_sizes(1, [1, 1])', TypeError("split_with_sizes(): argument 'input' (position 1) must be Tensor, not int")),
    ('torch.split_with_sizes(x)', TypeError('split_with_sizes() missing 1 required positional arguments: "split_sizes"')),
    ('torch.split_with_sizes(x, split_sizes=[2])', [((2, 3, 4), (12, 4, 1), 0)]),
    ('torch.split_with_sizes(x, [2], 0, 1)', TypeError('split_with_sizes() takes from 2 to 3 positional arguments but 4 were given')),
    ('x.split_with_sizes([1, 2], 1)', [((2, 1, 4), (12, 4, 1), 0), ((2, 2, 4), (12, 4, 1), 4)]),
    ('x.split_with_sizes(1, 2, dim=1)', TypeError("split_with_sizes(): argument 'split_sizes' (position 1) must be tuple of ints, not int")),
    ('x.split_with_sizes([1, 2])', RuntimeError("split_with_sizes expects split_sizes to sum exactly to 2 (input tensor's size at dimension 0), but got split_sizes=[1, 2]")),
    ('x.split_with_sizes(2)', TypeError("split_with_sizes(): argument 'split_sizes' (position 1) must be tuple of ints, not int")),
    ('torch.unsafe_split(x, 2, 1)', [((2, 2, 4), (12, 4, 1), 0), ((2, 1, 4), (12, 4, 1), 8)]),
    ('torch.unsafe_split(x, 2)', [((2, 3, 4), (12, 4, 1), 0)]),
    ('torch.unsafe_split(x, [1, 1])', TypeError("unsafe_split(): argument 'split_size' (position 2) must be int, not list")),
    ('torch.unsafe_split(1, 2)', TypeError("unsafe_split(): argument 'input' (position 1) must be Tensor, not int")),
    ('torch.unsafe_split(x, split_size=2, dim=2)', [((2, 3, 2), (12, 4, 1), 0), ((2, 3, 2), (12, 4, 1), 2)]),
    ('torch.unsafe_split(x)', TypeError('unsafe_split() missing 1 required positional arguments: "split_size"')),
    ('x.unsafe_split(2, 1)', [((2, 2, 4), (12, 4, 1), 0), ((2, 1, 4), (12, 4, 1), 8)]),
    ('x.unsafe_split([1,1])', TypeError("unsafe_split(): argument 'split_size' (position 1) must be int, not list")),
    ('torch.unsafe_split_with_sizes(x, [1, 2], 1)', [((2, 1, 4), (12, 4, 1), 0), ((2, 2, 4), (12, 4, 1), 4)]),
    ('torch.unsafe_split_with_sizes(x, [1, 1], 1)', RuntimeError("split_with_sizes expects split_sizes to sum exactly to 3 (input tensor's size at dimension 1), but got split_sizes=[1, 1]")),
    ('torch.unsafe_split_with_sizes(1, [1])', TypeError("unsafe_split_with_sizes(): argument 'input' (position 1) must be Tensor, not int")),
    ('x.unsafe_split_with_sizes([1, 2], 1)', [((2, 1, 4), (12, 4, 1), 0), ((2, 2, 4), (12, 4, 1), 4)]),
    ('x.unsafe_split_with_sizes(1, 1)', TypeError("unsafe_split_with_sizes(): argument 'split_sizes' (position 1) must be tuple of ints, not int")),
    ('torch.unbind(x)', [((3, 4), (4, 1), 0), ((3, 4), (4, 1), 12)]),
    ('torch.unbind(x, 1)', [((2, 4), (12, 1), 0), ((2, 4), (12, 1), 4), ((2, 4), (12, 1), 8)]),
    ('torch.unbind(x, dim=2)', [((2, 3), (12, 4), 0), ((2, 3), (12, 4), 1), ((2, 3), (12, 4), 2), ((2, 3), (12, 4), 3)]),
    ('torch.unbind(x, -1)', [((2, 3), (12, 4), 0), ((2, 3), (12, 4), 1), ((2, 3), (12, 4), 2), ((2, 3), (12, 4), 3)]),
    ('torch.unbind(x, 3)', IndexError('Dimension out of range (expected to be in range of [-3, 2], but got 3)')),
    ('torch.unbind(torch.tensor(1.))', IndexError('Dimension specified as 0 but tensor has no dimensions')),
    ('torch.unbind(1)', TypeError("unbind(): argument 'input' (position 1) must be Tensor, not int")),
    ("torch.unbind(x, 'a')", TypeError("unbind(): argument 'dim' (position 2) must be int, not str")),
    ('torch.unbind(x, 1, 2)', TypeError('unbind() takes from 1 to 2 positional arguments but 3 were given')),
    ('torch.unbind(x, None)', TypeError("unbind(): argument 'dim' (position 2) must be int, not NoneType")),
    ('x.unbind()', [((3, 4), (4, 1), 0), ((3, 4), (4, 1), 12)]),
    ('x.unbind(1)', [((2, 4), (12, 1), 0), ((2, 4), (12, 1), 4), ((2, 4), (12, 1), 8)]),
    ('x.unbind(dim=1)', [((2, 4), (12, 1), 0), ((2, 4), (12, 1), 4), ((2, 4), (12, 1), 8)]),
    ("x.unbind('a')", TypeError("unbind(): argument 'dim' (position 1) must be int, not str")),
    ('x.unbind(1, 2)', TypeError('unbind() takes from 0 to 1 positional arguments but 2 were given')),
    ('torch.tensor(1.).unbind()', IndexError('Dimension specified as 0 but tensor has no dimensions')),
    ('torch.split(tensor=x, split_size_or_sections=2)', [((2, 3, 4), (12, 4, 1), 0)]),
    ('torch.split(input=x, split_size_or_sections=2)', TypeError("split() got an unexpected keyword argument 'input'")),
    ('torch.split(torch.tensor(1.), 1)', RuntimeError('split expects at least a 1-dimensional tensor')),
    ('x.split(2)', [((2, 3, 4), (12, 4, 1), 0)]),
    ('x.split(split_size=2)', [((2, 3, 4), (12, 4, 1), 0)]),
    ('x.split(split_size_or_sections=2)', TypeError("Tensor.split() got an unexpected keyword argument 'split_size_or_sections'")),
    ('x.split([1,1])', [((1, 3, 4), (12, 4, 1), 0), ((1, 3, 4), (12, 4, 1), 12)]),
    ('x.split((1,1), 0)', [((1, 3, 4), (12, 4, 1), 0), ((1, 3, 4), (12, 4, 1), 12)]),
    ('x.split(1.5)', TypeError("split_with_sizes(): argument 'split_sizes' (position 2) must be tuple of ints, not float")),
    ('torch.hsplit(1, (1,))', TypeError("hsplit() received an invalid combination of arguments - got (int, tuple), but expected one of:\n * (Tensor input, int sections)\n      didn't match because some of the arguments have invalid types: (!int!, !tuple of (int,)!)\n * (Tensor input, tuple of ints indices)\n      didn't match because some of the arguments have invalid types: (!int!, !tuple of (int,)!)\n")),
    ('torch.hsplit(1, [1, 2])', TypeError("hsplit() received an invalid combination of arguments - got (int, list), but expected one of:\n * (Tensor input, int sections)\n      didn't match because some of the arguments have invalid types: (!int!, !list of [int, int]!)\n * (Tensor input, tuple of ints indices)\n      didn't match because some of the arguments have invalid types: (!int!, !list of [int, int]!)\n")),
    ('torch.hsplit(1, torch.Size([1]))', TypeError("hsplit() received an invalid combination of arguments - got (int, oxtorch.Size), but expected one of:\n * (Tensor input, int sections)\n      didn't match because some of the arguments have invalid types: (!int!, !oxtorch.Size of (int,)!)\n * (Tensor input, tuple of ints indices)\n      didn't match because some of the arguments have invalid types: (!int!, !oxtorch.Size of (int,)!)\n")),
    ('torch.hsplit(x, (1,), foo=2)', TypeError('hsplit() received an invalid combination of arguments - got (Tensor, tuple, foo=int), but expected one of:\n * (Tensor input, int sections)\n * (Tensor input, tuple of ints indices)\n')),
    ('torch.hsplit(x, foo=2)', TypeError("hsplit() received an invalid combination of arguments - got (Tensor, foo=int), but expected one of:\n * (Tensor input, int sections)\n      didn't match because some of the keywords were incorrect: foo\n * (Tensor input, tuple of ints indices)\n      didn't match because some of the keywords were incorrect: foo\n")),
    ('torch.hsplit(x, sections=2, indices=3)', TypeError('hsplit() received an invalid combination of arguments - got (Tensor, indices=int, sections=int), but expected one of:\n * (Tensor input, int sections)\n * (Tensor input, tuple of ints indices)\n')),
    ('torch.hsplit(1, sections=(1,))', TypeError("hsplit() received an invalid combination of arguments - got (int, sections=tuple), but expected one of:\n * (Tensor input, int sections)\n      didn't match because some of the arguments have invalid types: (!int!, !sections=tuple of (int,)!)\n * (Tensor input, tuple of ints indices)\n      didn't match because some of the keywords were incorrect: sections\n")),
    ('torch.hsplit(x, True)', TypeError("hsplit() received an invalid combination of arguments - got (Tensor, bool), but expected one of:\n * (Tensor input, int sections)\n      didn't match because some of the arguments have invalid types: (Tensor, !bool!)\n * (Tensor input, tuple of ints indices)\n      didn't match because some of the arguments have invalid types: (Tensor, !bool!)\n")),
    ('torch.hsplit(x, torch.tensor(1))', [((2, 3, 4), (12, 4, 1), 0)]),
    ('torch.hsplit(x, torch.tensor([1]))', TypeError("hsplit() received an invalid combination of arguments - got (Tensor, Tensor), but expected one of:\n * (Tensor input, int sections)\n      didn't match because some of the arguments have invalid types: (Tensor, !Tensor!)\n * (Tensor input, tuple of ints indices)\n      didn't match because some of the arguments have invalid types: (Tensor, !Tensor!)\n")),
    ('torch.hsplit(x, (1.5,))', TypeError("hsplit() received an invalid combination of arguments - got (Tensor, tuple), but expected one of:\n * (Tensor input, int sections)\n      didn't match because some of the arguments have invalid types: (Tensor, !tuple of (float,)!)\n * (Tensor input, tuple of ints indices)\n      didn't match because some of the arguments have invalid types: (Tensor, !tuple of (float,)!)\n")),
    ('torch.hsplit(x, [1, 1.5])', TypeError('hsplit(): argument \'indices\' failed to unpack the object at pos 2 with error "type must be tuple of ints,but got float"')),
    ('torch.hsplit(x, ())', [((2, 3, 4), (12, 4, 1), 0)]),
    ('torch.hsplit(x, [True])', TypeError("hsplit() received an invalid combination of arguments - got (Tensor, list), but expected one of:\n * (Tensor input, int sections)\n      didn't match because some of the arguments have invalid types: (Tensor, !list of [bool]!)\n * (Tensor input, tuple of ints indices)\n      didn't match because some of the arguments have invalid types: (Tensor, !list of [bool]!)\n")),
    ('torch.hsplit(x, [1, True])', [((2, 1, 4), (12, 4, 1), 0), ((2, 0, 4), (12, 4, 1), 4), ((2, 2, 4), (12, 4, 1), 4)]),
    ('torch.narrow(1, 0, (1,), 1)', TypeError("narrow() received an invalid combination of arguments - got (int, int, tuple, int), but expected one of:\n * (Tensor input, int dim, Tensor start, int length)\n      didn't match because some of the arguments have invalid types: (!int!, int, !tuple of (int,)!, int)\n * (Tensor input, int dim, int start, int length)\n      didn't match because some of the arguments have invalid types: (!int!, int, !tuple of (int,)!, int)\n")),
    ('torch.narrow(x, 0, 1.5, 1)', TypeError("narrow() received an invalid combination of arguments - got (Tensor, int, float, int), but expected one of:\n * (Tensor input, int dim, Tensor start, int length)\n      didn't match because some of the arguments have invalid types: (Tensor, int, !float!, int)\n * (Tensor input, int dim, int start, int length)\n      didn't match because some of the arguments have invalid types: (Tensor, int, !float!, int)\n")),
    ('torch.narrow(x, 0, 0, 1, 2)', TypeError('narrow() received an invalid combination of arguments - got (Tensor, int, int, int, int), but expected one of:\n * (Tensor input, int dim, Tensor start, int length)\n * (Tensor input, int dim, int start, int length)\n')),
    ('torch.narrow(x, dim=0, start=0, length=1, foo=1)', TypeError('narrow() received an invalid combination of arguments - got (Tensor, foo=int, length=int, start=int, dim=int), but expected one of:\n * (Tensor input, int dim, Tensor start, int length)\n * (Tensor input, int dim, int start, int length)\n')),
    ('torch.narrow(x, 0, start=0, length=1, dim=0)', TypeError('narrow() received an invalid combination of arguments - got (Tensor, int, dim=int, length=int, start=int), but expected one of:\n * (Tensor input, int dim, Tensor start, int length)\n * (Tensor input, int dim, int start, int length)\n')),
    ('torch.narrow(x, 0, torch.tensor(1.), 1)', RuntimeError('start must be an 0-dim integral Tensor.')),
    ('torch.narrow(x, 0, torch.tensor([0]), 1)', RuntimeError('start must be an 0-dim integral Tensor.')),
    ('torch.narrow(x, 0, True, 1)', TypeError("narrow() received an invalid combination of arguments - got (Tensor, int, bool, int), but expected one of:\n * (Tensor input, int dim, Tensor start, int length)\n      didn't match because some of the arguments have invalid types: (Tensor, int, !bool!, int)\n * (Tensor input, int dim, int start, int length)\n      didn't match because some of the arguments have invalid types: (Tensor, int, !bool!, int)\n")),
    ('torch.squeeze(x, dim=(0,))', ((2, 3, 4), (12, 4, 1), 0)),
    ('torch.squeeze(x, [])', ((2, 3, 4), (12, 4, 1), 0)),
    ('torch.squeeze(x, True)', TypeError("squeeze() received an invalid combination of arguments - got (Tensor, bool), but expected one of:\n * (Tensor input)\n * (Tensor input, int dim)\n      didn't match because some of the arguments have invalid types: (Tensor, !bool!)\n * (Tensor input, tuple of ints dim)\n      didn't match because some of the arguments have invalid types: (Tensor, !bool!)\n")),
    ('torch.squeeze(x, torch.tensor(0))', ((2, 3, 4), (12, 4, 1), 0)),
    ('torch.squeeze(x, dim=0, foo=1)', TypeError('squeeze() received an invalid combination of arguments - got (Tensor, foo=int, dim=int), but expected one of:\n * (Tensor input)\n * (Tensor input, int dim)\n * (Tensor input, tuple of ints dim)\n')),
    ('torch.squeeze(x, 0, dim=0)', TypeError('squeeze() received an invalid combination of arguments - got (Tensor, int, dim=int), but expected one of:\n * (Tensor input)\n * (Tensor input, int dim)\n * (Tensor input, tuple of ints dim)\n')),
    ('torch.squeeze(input=x)', ((2, 3, 4), (12, 4, 1), 0)),
    ('torch.squeeze(input=x, dim=0)', ((2, 3, 4), (12, 4, 1), 0)),
    ('torch.squeeze()', TypeError('squeeze() received an invalid combination of arguments - got (), but expected one of:\n * (Tensor input)\n * (Tensor input, int dim)\n * (Tensor input, tuple of ints dim)\n')),
    ('torch.squeeze(x, (0.5,))', TypeError("squeeze() received an invalid combination of arguments - got (Tensor, tuple), but expected one of:\n * (Tensor input)\n * (Tensor input, int dim)\n      didn't match because some of the arguments have invalid types: (Tensor, !tuple of (float,)!)\n * (Tensor input, tuple of ints dim)\n      didn't match because some of the arguments have invalid types: (Tensor, !tuple of (float,)!)\n")),
    ('torch.squeeze(x, (0, 0.5))', TypeError('squeeze(): argument \'dim\' failed to unpack the object at pos 2 with error "type must be tuple of ints,but got float"')),
    ('torch.movedim(x, (0, 1), 1)', TypeError("movedim() received an invalid combination of arguments - got (Tensor, tuple, int), but expected one of:\n * (Tensor input, int source, int destination)\n      didn't match because some of the arguments have invalid types: (Tensor, !tuple of (int, int)!, int)\n * (Tensor input, tuple of ints source, tuple of ints destination)\n      didn't match because some of the arguments have invalid types: (Tensor, !tuple of (int, int)!, !int!)\n")),
    ('torch.movedim(x, 0, (1,))', TypeError("movedim() received an invalid combination of arguments - got (Tensor, int, tuple), but expected one of:\n * (Tensor input, int source, int destination)\n      didn't match because some of the arguments have invalid types: (Tensor, int, !tuple of (int,)!)\n * (Tensor input, tuple of ints source, tuple of ints destination)\n      didn't match because some of the arguments have invalid types: (Tensor, !int!, !tuple of (int,)!)\n")),
    ('torch.movedim(x, [0], [1])', ((3, 2, 4), (4, 12, 1), 0)),
    ('torch.movedim(x, source=(0,), destination=(1,))', ((3, 2, 4), (4, 12, 1), 0)),
    ('torch.movedim(x, 0, 1, 2)', TypeError('movedim() received an invalid combination of arguments - got (Tensor, int, int, int), but expected one of:\n * (Tensor input, int source, int destination)\n * (Tensor input, tuple of ints source, tuple of ints destination)\n')),
    ('torch.movedim(x, 0, destination=1)', ((3, 2, 4), (4, 12, 1), 0)),
    ('torch.movedim(x, 0, 1, foo=2)', TypeError('movedim() received an invalid combination of arguments - got (Tensor, int, int, foo=int), but expected one of:\n * (Tensor input, int source, int destination)\n * (Tensor input, tuple of ints source, tuple of ints destination)\n')),
    ('torch.movedim(x, torch.tensor(0), 1)', ((3, 2, 4), (4, 12, 1), 0)),
    ('torch.transpose(x, 0, 1, 2)', TypeError('transpose() takes 3 positional arguments but 4 were given')),
    ('torch.transpose(x, 0, True)', TypeError("transpose(): argument 'dim1' (position 3) must be int, not bool")),
    ('torch.transpose(x, 0, 1.0)', TypeError("transpose(): argument 'dim1' (position 3) must be int, not float")),
    ('torch.transpose(x, 0, torch.tensor(1))', ((3, 2, 4), (4, 12, 1), 0)),
    ('torch.transpose(x, 0, torch.tensor([1]))', TypeError("transpose(): argument 'dim1' (position 3) must be int, not Tensor")),
    ('torch.transpose(x, 0, dim2=1)', TypeError('transpose() missing 1 required positional arguments: "dim1"')),
    ('torch.transpose(x, 0, dim0=1)', TypeError('transpose() missing 1 required positional arguments: "dim1"')),
    ('torch.transpose(x, dim1=1)', TypeError('transpose() missing 2 required positional argument: "dim0", "dim1"')),
    ('torch.transpose(dim1=1, dim0=0)', TypeError('transpose() missing 3 required positional argument: "input", "dim0", "dim1"')),
    ('torch.transpose(input=x, dim1=1, dim0=0)', ((3, 2, 4), (4, 12, 1), 0)),
    ('torch.transpose(x, 0, 1, dim0=0)', TypeError("transpose() got multiple values for argument 'dim0'")),
    ('torch.transpose(x, 0, 2**70)', ValueError('Overflow when unpacking long long')),
    ('torch.transpose(x, 0, -2**70)', ValueError('Overflow when unpacking long long')),
    ('torch.transpose(x, 0, "1")', TypeError("transpose(): argument 'dim1' (position 3) must be int, not str")),
    ('torch.reshape(x, (2**70,))', TypeError('reshape(): argument \'shape\' failed to unpack the object at pos 1 with error "Overflow when unpacking long long')),
    ('torch.reshape(x, (1, 2**70))', TypeError('reshape(): argument \'shape\' failed to unpack the object at pos 2 with error "Overflow when unpacking long long')),
    ('torch.reshape(x, ())', RuntimeError("shape '[]' is invalid for input of size 24")),
    ('torch.reshape(x, torch.Size([24]))', ((24,), (1,), 0)),
    ('torch.reshape(x, (torch.tensor(24),))', ((24,), (1,), 0)),
    ('torch.reshape(x, (4, torch.tensor(6)))', ((4, 6), (6, 1), 0)),
    ('torch.reshape(x, torch.tensor([24]))', TypeError("reshape(): argument 'shape' (position 2) must be tuple of ints, not Tensor")),
    ('torch.reshape(x, (True, 24))', TypeError("reshape(): argument 'shape' (position 2) must be tuple of ints, but found element of type bool at pos 0")),
    ('torch.reshape(x, (24, True))', ((24, 1), (1, 1), 0)),
    ('torch.reshape(x, [24, None])', TypeError('reshape(): argument \'shape\' failed to unpack the object at pos 2 with error "type must be tuple of ints,but got NoneType"')),
    ('torch.reshape(x, np.array([24]))', TypeError("reshape(): argument 'shape' (position 2) must be tuple of ints, not numpy.ndarray")),
    ('torch.reshape(x, (np.int64(24),))', ((24,), (1,), 0)),
    ('torch.reshape(x, shape=(24,), input=x)', TypeError("reshape() got multiple values for argument 'input'")),
    ('torch.reshape(x, shape=(24,), shape2=1)', TypeError("reshape() got an unexpected keyword argument 'shape2'")),
    ('torch.reshape(x, foo=1, bar=2)', TypeError('reshape() missing 1 required positional arguments: "shape"')),
    ('torch.permute(x, (0, 1, 2.0))', TypeError('permute(): argument \'dims\' failed to unpack the object at pos 3 with error "type must be tuple of ints,but got float"')),
    ('torch.permute(x, [])', RuntimeError('permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired ordering of dimensions i.e. input.dim() = 3 is not equal to len(dims) = 0')),
    ('torch.clone(x, memory_format=None)', ((2, 3, 4), (12, 4, 1), 0)),
    ('torch.clone(x, memory_format=1)', TypeError("clone(): argument 'memory_format' must be oxtorch.memory_format, not int")),
    ('torch.clone(x, memory_format=torch.preserve_format)', ((2, 3, 4), (12, 4, 1), 0)),
    ('torch.clone(x, foo=1)', TypeError("clone() got an unexpected keyword argument 'foo'")),
    ('torch.clone(x, 1, 2)', TypeError('clone() takes 1 positional argument but 3 were given')),
    ('torch.clone(input=x)', ((2, 3, 4), (12, 4, 1), 0)),
    ('torch.as_strided(x, (2,2), (1,2), 1.5)', TypeError("as_strided(): argument 'storage_offset' (position 4) must be int, not float")),
    ('torch.as_strided(x, 2, (1,2))', TypeError("as_strided(): argument 'size' (position 2) must be tuple of ints, not int")),
    ('torch.as_strided(x, (2,), 2)', TypeError("as_strided(): argument 'stride' (position 3) must be tuple of ints, not int")),
    ('torch.as_strided(x, (2,), (2,), 1, 2)', TypeError('as_strided() takes from 3 to 4 positional arguments but 5 were given')),
    ('torch.t(x, foo=1)', TypeError("t() got an unexpected keyword argument 'foo'")),
    ('torch.t()', TypeError('t() missing 1 required positional arguments: "input"')),
    ('torch.flatten(x, start_dim=0, end_dim=1, foo=2)', TypeError("flatten() got an unexpected keyword argument 'foo'")),
    ('torch.flatten(x, 0, end_dim=1)', ((6, 4), (4, 1), 0)),
    ('torch.flatten(x, 0, start_dim=1)', TypeError("flatten() got multiple values for argument 'start_dim'")),
    ("torch.flatten(x, 'a', 'b')", TypeError("flatten(): argument 'start_dim' (position 2) must be int, not str")),
    ('torch.flatten(x, 0, 1.5)', TypeError("flatten(): argument 'end_dim' (position 3) must be int, not float")),
    ('torch.chunk(x, 2, 1, 3)', TypeError('chunk() takes from 2 to 3 positional arguments but 4 were given')),
    ('torch.chunk(x, 2.0)', TypeError("chunk(): argument 'chunks' (position 2) must be int, not float")),
    ('torch.chunk(x, (2,))', TypeError("chunk(): argument 'chunks' (position 2) must be int, not tuple")),
    ('torch.select(x, 0, 1, 2)', TypeError('select() takes 3 positional arguments but 4 were given')),
    ('torch.select(x, 0, torch.tensor(1))', ((3, 4), (4, 1), 12)),
    ('torch.select(x, 0, 1.0)', TypeError("select(): argument 'index' (position 3) must be int, not float")),
    ('torch.unflatten(x, 1, (3, 1), 2)', TypeError('unflatten() takes 3 positional arguments but 4 were given')),
    ("torch.unflatten(x, 'a', (3, 1))", TypeError("unflatten(): argument 'dim' (position 2) must be int, not str")),
    ('torch.unflatten(x, 1, [3.0, 1])', TypeError("unflatten(): argument 'sizes' (position 3) must be tuple of ints, but found element of type float at pos 0")),
    ("torch.diagonal(x, offset='a')", TypeError("diagonal(): argument 'offset' must be int, not str")),
    ("torch.diagonal(x, 0, 0, 'a')", TypeError("diagonal(): argument 'dim2' (position 4) must be int, not str")),
    ('torch.diagonal(x, 0, 0, dim2=2, foo=1)', TypeError("diagonal() got an unexpected keyword argument 'foo'")),
    ('torch.unsqueeze(x, 0, 1)', TypeError('unsqueeze() takes 2 positional arguments but 3 were given')),
    ('torch.unsqueeze(x, (0,))', TypeError("unsqueeze(): argument 'dim' (position 2) must be int, not tuple")),
    ('torch.swapaxes(x, 0, 1, 2)', TypeError('swapaxes() takes 3 positional arguments but 4 were given')),
    ('torch.swapaxes(x, dim0=0, dim1=1)', TypeError('swapaxes() missing 2 required positional argument: "axis0", "axis1"')),
    ('torch.swapdims(x, axis0=0, axis1=1)', TypeError('swapdims() missing 2 required positional argument: "dim0", "dim1"')),
    ('torch.moveaxis(x, source=0, destination=1)', ((3, 2, 4), (4, 12, 1), 0)),
    ('x.squeeze_()', ((2, 3, 4), (12, 4, 1), 0)),
    ('torch.ones(1,2,1).squeeze_()', ((2,), (1,), 0)),
    ('torch.ones(1,2,1).squeeze_(0)', ((2, 1), (1, 1), 0)),
    ('torch.ones(1,2,1).squeeze_((0,2))', ((2,), (1,), 0)),
    ('torch.ones(1,2,1).squeeze_(dim=2)', ((1, 2), (2, 1), 0)),
    ('torch.ones(1,2,1).squeeze_(None)', TypeError("squeeze_() received an invalid combination of arguments - got (NoneType), but expected one of:\n * ()\n      didn't match because some of the arguments have invalid types: (!NoneType!)\n * (int dim)\n      didn't match because some of the arguments have invalid types: (!NoneType!)\n * (tuple of ints dim)\n      didn't match because some of the arguments have invalid types: (!NoneType!)\n")),
    ('torch.ones(1,2,1).squeeze_(5)', IndexError('Dimension out of range (expected to be in range of [-3, 2], but got 5)')),
    ('torch.ones(1,2,1).squeeze_((0,0))', RuntimeError('dim 0 appears multiple times in the list of dims')),
    ('torch.ones(1,2,1).squeeze_(0, 1)', ((2, 1), (1, 1), 0)),
    ("torch.ones(1,2,1).squeeze_('a')", TypeError("squeeze_() received an invalid combination of arguments - got (str), but expected one of:\n * ()\n      didn't match because some of the arguments have invalid types: (!str!)\n * (int dim)\n      didn't match because some of the arguments have invalid types: (!str!)\n * (tuple of ints dim)\n      didn't match because some of the arguments have invalid types: (!str!)\n")),
    ('torch.ones(2).unsqueeze_(0)', ((1, 2), (2, 1), 0)),
    ('torch.ones(2).unsqueeze_(dim=-1)', ((2, 1), (1, 1), 0)),
    ('torch.ones(2).unsqueeze_(3)', IndexError('Dimension out of range (expected to be in range of [-2, 1], but got 3)')),
    ('torch.ones(2).unsqueeze_()', TypeError('unsqueeze_() missing 1 required positional arguments: "dim"')),
    ('torch.ones(2,3).transpose_(0, 1)', ((3, 2), (1, 3), 0)),
    ('torch.ones(2,3).transpose_(0, 2)', IndexError('Dimension out of range (expected to be in range of [-2, 1], but got 2)')),
    ('torch.ones(2,3).transpose_(0)', TypeError('transpose_() missing 1 required positional arguments: "dim1"')),
    ('torch.ones(2,3).t_()', ((3, 2), (1, 3), 0)),
    ('torch.ones(2,3,4).t_()', RuntimeError('t_() expects a tensor with <= 2 dimensions, but self is 3D')),
    ('torch.ones(2).t_()', ((2,), (1,), 0)),
    ('torch.ones(2,3).swapaxes_(0, 1)', ((3, 2), (1, 3), 0)),
    ('torch.ones(2,3).swapaxes_(axis0=0, axis1=1)', ((3, 2), (1, 3), 0)),
    ('torch.ones(2,3).swapdims_(dim0=0, dim1=1)', ((3, 2), (1, 3), 0)),
    ('torch.ones(2,3).swapaxes(0, 1)', ((3, 2), (1, 3), 0)),
    ('torch.ones(2,3).swapaxes(axis0=0, axis1=1)', ((3, 2), (1, 3), 0)),
    ('torch.ones(2,3).swapaxes(dim0=0, dim1=1)', TypeError('swapaxes() missing 2 required positional argument: "axis0", "axis1"')),
    ('torch.ones(2,3).swapdims(0, 1)', ((3, 2), (1, 3), 0)),
    ('torch.ones(2,3).swapdims(0)', TypeError('swapdims() missing 1 required positional arguments: "dim1"')),
    ('torch.ones(2,3).swapaxes(0)', TypeError('swapaxes() missing 1 required positional arguments: "axis1"')),
    ('torch.ones(2,3).moveaxis(0, 1)', ((3, 2), (1, 3), 0)),
    ('torch.ones(2,3).moveaxis((0,1), (1,0))', ((3, 2), (1, 3), 0)),
    ('torch.ones(2,3).moveaxis(source=0, destination=1)', ((3, 2), (1, 3), 0)),
    ('torch.ones(2,3).moveaxis(0)', TypeError('moveaxis() received an invalid combination of arguments - got (int), but expected one of:\n * (int source, int destination)\n * (tuple of ints source, tuple of ints destination)\n')),
    ('torch.ones(6).as_strided_((2,2), (1,2))', ((2, 2), (1, 2), 0)),
    ('torch.ones(6).as_strided_((2,2), (1,2), 1)', ((2, 2), (1, 2), 1)),
    ('torch.ones(6).as_strided_((2,2), (1,2), 5)', RuntimeError('setStorage: sizes [2, 2], strides [1, 2], storage offset 5, and itemsize 4 requiring a storage size of 36 are out of bounds for storage of size 24')),
    ('torch.ones(6).as_strided_(size=(2,), stride=(1,), storage_offset=2)', ((2,), (1,), 2)),
    ('torch.ones(6).as_strided_((2,2), (1,-2))', RuntimeError('as_strided: Negative strides are not supported at the moment, got strides: [1, -2]')),
    ('torch.ones(6)[2:].as_strided_((2,), (1,))', ((2,), (1,), 2)),
    ('torch.ones(6).view_as(torch.ones(2,3))', ((2, 3), (3, 1), 0)),
    ('torch.ones(6).view_as(torch.ones(2,4))', RuntimeError("shape '[2, 4]' is invalid for input of size 6")),
    ('torch.ones(6).view_as(1)', TypeError("view_as(): argument 'other' (position 1) must be Tensor, not int")),
    ('torch.ones(6).view_as(other=torch.ones(3,2))', ((3, 2), (2, 1), 0)),
    ('torch.ones(3,2).t().view_as(torch.ones(6))', RuntimeError("view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.")),
    ('torch.ones(3,2).t().reshape_as(torch.ones(6))', ((6,), (1,), 0)),
    ('torch.ones(6).reshape_as(torch.ones(2,3))', ((2, 3), (3, 1), 0)),
    ('torch.ones(6).reshape_as(1)', TypeError("reshape_as(): argument 'other' (position 1) must be Tensor, not int")),
    ('torch.ones(6).reshape_as(torch.ones(2,4))', RuntimeError("shape '[2, 4]' is invalid for input of size 6")),
    ('torch.ones(2,3).mH', ((3, 2), (1, 3), 0)),
    ('torch.ones(2,3).H', ((3, 2), (1, 3), 0)),
    ('torch.ones(2,3,4).H', RuntimeError('tensor.H is only supported on matrices (2-D tensors). Got 3-D tensor. For batches of matrices, consider using tensor.mH')),
    ('torch.ones(2,3,4).mH', ((2, 4, 3), (12, 1, 4), 0)),
    ('torch.ones(3).H', RuntimeError('tensor.H is only supported on matrices (2-D tensors). Got 1-D tensor.')),
    ('torch.ones(3).mH', RuntimeError('tensor.mH is only supported on matrices or batches of matrices. Got 1-D tensor.')),
    ('torch.tensor(1.).H', ((), (), 0)),
    ('torch.tensor(1.).mH', ((), (), 0)),
    ('torch.ones(2,3).real', ((2, 3), (3, 1), 0)),
    ('torch.ones(2,3).imag', TypeError('imag is not implemented for tensors with non-complex dtypes.')),
    ('torch.ones(2,3, dtype=torch.complex64).real', ((2, 3), (6, 2), 0)),
    ('torch.ones(2,3, dtype=torch.complex64).imag', ((2, 3), (6, 2), 1)),
    ('torch.ones(2,3, dtype=torch.complex64).t().imag', ((3, 2), (2, 6), 1)),
    ('torch.ones(2,3, dtype=torch.complex64)[:, 1:].imag', ((2, 2), (6, 2), 3)),
    ('torch.ones(2,3, dtype=torch.complex64).H', ((3, 2), (1, 3), 0)),
    ('torch.ones(2,3, dtype=torch.complex64).mH', ((3, 2), (1, 3), 0)),
    ('torch.ones(2,3, dtype=torch.complex64).T', ((3, 2), (1, 3), 0)),
    ('torch.tensor(1+2j).real', ((), (), 0)),
    ('torch.tensor(1+2j).imag', ((), (), 1)),
    ('torch.ones(2, dtype=torch.int64).real', ((2,), (1,), 0)),
    ('torch.ones(2, dtype=torch.bool).imag', TypeError('imag is not implemented for tensors with non-complex dtypes.')),
    ('torch.ones(2, dtype=torch.bool).real', ((2,), (1,), 0)),
    ('torch.ones(2,3, dtype=torch.float16).real', ((2, 3), (3, 1), 0)),
    ("torch.empty(2, 3, dtype=torch.complex64, device='meta').imag", ((2, 3), (6, 2), 1)),
    ('torch.ones(2, 3).to_sparse().H', ('sparse', (3, 2))),
    ('torch.ones(2, 3).to_sparse().mH', ('sparse', (3, 2))),
    ('torch.ones(2, 3).to_sparse().t_()', ('sparse', (3, 2))),
    ('torch.ones(2, 3).to_sparse().transpose_(0,1)', ('sparse', (3, 2))),
    ('torch.ones(2, 3).to_sparse().swapaxes(0,1)', ('sparse', (3, 2))),
    ('torch.ones(2, 3).to_sparse().swapaxes_(0,1)', ('sparse', (3, 2))),
    ('torch.ones(1, 3).to_sparse().squeeze_()', NotImplementedError("Could not run 'aten::as_strided_' with arguments from the 'SparseCPU' backend.")),
    ('torch.ones(1, 3).to_sparse().squeeze_(0)', NotImplementedError("Could not run 'aten::as_strided_' with arguments from the 'SparseCPU' backend.")),
    ('torch.ones(2, 3).to_sparse().unsqueeze_(0)', NotImplementedError("Could not run 'aten::as_strided_' with arguments from the 'SparseCPU' backend.")),
    ('torch.ones(6).to_sparse().as_strided_((2,), (1,))', NotImplementedError("Could not run 'aten::as_strided_' with arguments from the 'SparseCPU' backend.")),
    ('torch.ones(2, 3).to_sparse().view_as(torch.ones(6))', NotImplementedError("Could not run 'aten::view' with arguments from the 'SparseCPU' backend.")),
    ('torch.ones(2, 3).to_sparse().reshape_as(torch.ones(6))', RuntimeError('reshape is not implemented for sparse tensors')),
    ('torch.ones(2, 3).to_sparse().moveaxis(0, 1)', ('sparse', (3, 2))),
    ('torch.ones(2, 3).to_sparse().swapdims(0,1)', ('sparse', (3, 2))),
    ('torch.ones(2, 3).to_sparse().unbind()', [('sparse', (3,)), ('sparse', (3,))]),
    ('torch.ones(2, 3).to_sparse().unbind(1)', [('sparse', (2,)), ('sparse', (2,)), ('sparse', (2,))]),
    ('torch.ones(2, 3).to_sparse().tensor_split(2)', NotImplementedError("Could not run 'aten::as_strided' with arguments from the 'SparseCPU' backend.")),
    ('torch.ones(2, 3).to_sparse().hsplit(3)', NotImplementedError("Could not run 'aten::as_strided' with arguments from the 'SparseCPU' backend.")),
    ('torch.ones(2, 3).to_sparse().vsplit(2)', NotImplementedError("Could not run 'aten::as_strided' with arguments from the 'SparseCPU' backend.")),
    ('torch.ones(2, 3).to_sparse().split_with_sizes([1,1])', NotImplementedError("Could not run 'aten::as_strided' with arguments from the 'SparseCPU' backend.")),
    ('torch.ones(2, 3).to_sparse().unsafe_split(1)', NotImplementedError("Could not run 'aten::as_strided' with arguments from the 'SparseCPU' backend.")),
    ('torch.ones(2, 3).to_sparse().unsafe_split_with_sizes([1,1])', NotImplementedError("Could not run 'aten::as_strided' with arguments from the 'SparseCPU' backend.")),
    ('torch.ones(2, 3).view_as(torch.ones(6).to_sparse())', ((6,), (1,), 0)),
    ('torch.ones(2, 3).reshape_as(torch.ones(6).to_sparse())', ((6,), (1,), 0)),
    ('torch.ones(2, 3).to_sparse().t().t_()', ('sparse', (2, 3))),
    ('torch.select(x, 0, torch.tensor([1]))', ((3, 4), (4, 1), 12)),
    ('torch.select(x, torch.tensor([0]), 1)', TypeError("select(): argument 'dim' (position 2) must be int, not Tensor")),
    ('torch.select(x, torch.tensor(0), 1)', ((3, 4), (4, 1), 12)),
    ('torch.select(x, torch.tensor(0, dtype=torch.uint8), 1)', ((3, 4), (4, 1), 12)),
    ('torch.select(x, torch.tensor(False), 1)', TypeError("select(): argument 'dim' (position 2) must be int, not Tensor")),
    ("torch.select(x, type('I', (), {'__index__': lambda s: 0})(), 1)", TypeError("select(): argument 'dim' (position 2) must be int, not I")),
    ("torch.select(x, 0, type('I', (), {'__index__': lambda s: 1})())", ((3, 4), (4, 1), 12)),
    ('torch.select(x, 0, 2**70)', ValueError('Overflow when unpacking long long')),
    ('torch.select(x, 2**70, 0)', ValueError('Overflow when unpacking long long')),
    ('torch.narrow(x, 0, torch.tensor(True), 1)', RuntimeError('start must be an 0-dim integral Tensor.')),
    ('torch.narrow(x, 0, torch.tensor(0, dtype=torch.uint8), 1)', ((1, 3, 4), (12, 4, 1), 0)),
    ('x.narrow(0, torch.tensor(1.), 1)', RuntimeError('start must be an 0-dim integral Tensor.')),
    ('x.narrow(0, torch.tensor([0]), 1)', RuntimeError('start must be an 0-dim integral Tensor.')),
    ('x.narrow(0, torch.tensor(1), 1)', ((1, 3, 4), (12, 4, 1), 12)),
    ('torch.reshape(x, (torch.tensor([24]),))', ((24,), (1,), 0)),
    ('torch.reshape(x, (torch.tensor(24.),))', TypeError("reshape(): argument 'shape' (position 2) must be tuple of ints, but found element of type Tensor at pos 0")),
    ('torch.reshape(x, (24, torch.tensor(1.)))', TypeError('reshape(): argument \'shape\' failed to unpack the object at pos 2 with error "type must be tuple of ints,but got Tensor"')),
    ('torch.reshape(x, (24, torch.tensor([1, 1])))', TypeError('reshape(): argument \'shape\' failed to unpack the object at pos 2 with error "type must be tuple of ints,but got Tensor"')),
    ('torch.reshape(x, (torch.tensor(True), 24))', RuntimeError('Expected scalar.isIntegral( false) to be true, but got false.  (Could this error message be improved?  If so, please report an enhancement request to PyTorch.)')),
    ("torch.reshape(x, (type('I', (), {'__index__': lambda s: 24})(),))", ((24,), (1,), 0)),
    ("torch.reshape(x, (24, type('I', (), {'__index__': lambda s: 1})()))", ((24, 1), (1, 1), 0)),
    ('torch.permute(x, (torch.tensor(0), 1, 2))', ((2, 3, 4), (12, 4, 1), 0)),
    ('torch.permute(x, (0, 1, 2**70))', TypeError('permute(): argument \'dims\' failed to unpack the object at pos 3 with error "Overflow when unpacking long long')),
    ('torch.squeeze(input=x, dim=None)', TypeError("squeeze() received an invalid combination of arguments - got (dim=NoneType, input=Tensor, ), but expected one of:\n * (Tensor input)\n * (Tensor input, int dim)\n      didn't match because some of the arguments have invalid types: (input=Tensor, !dim=NoneType!, )\n * (Tensor input, tuple of ints dim)\n      didn't match because some of the arguments have invalid types: (input=Tensor, !dim=NoneType!, )\n")),
    ('torch.squeeze(dim=0, input=1)', TypeError("squeeze() received an invalid combination of arguments - got (input=int, dim=int, ), but expected one of:\n * (Tensor input)\n * (Tensor input, int dim)\n      didn't match because some of the arguments have invalid types: (!input=int!, dim=int, )\n * (Tensor input, tuple of ints dim)\n      didn't match because some of the arguments have invalid types: (!input=int!, !dim=int!, )\n")),
    ('torch.hsplit(input=x, foo=1, bar=2)', TypeError('hsplit() received an invalid combination of arguments - got (foo=int, bar=int, input=Tensor, ), but expected one of:\n * (Tensor input, int sections)\n * (Tensor input, tuple of ints indices)\n')),
    ('torch.narrow(input=1, dim=0, start=0, length=1)', TypeError("narrow() received an invalid combination of arguments - got (length=int, start=int, dim=int, input=int, ), but expected one of:\n * (Tensor input, int dim, Tensor start, int length)\n      didn't match because some of the arguments have invalid types: (!input=int!, dim=int, !start=int!, length=int, )\n * (Tensor input, int dim, int start, int length)\n      didn't match because some of the arguments have invalid types: (!input=int!, dim=int, start=int, length=int, )\n")),
    ('torch.movedim(x, 0, foo=1)', TypeError("movedim() received an invalid combination of arguments - got (Tensor, int, foo=int), but expected one of:\n * (Tensor input, int source, int destination)\n      didn't match because some of the keywords were incorrect: foo\n * (Tensor input, tuple of ints source, tuple of ints destination)\n      didn't match because some of the keywords were incorrect: foo\n")),
    ('torch.tensor_split(x, sections=2, indices=(1,))', TypeError("tensor_split() received an invalid combination of arguments - got (Tensor, indices=tuple, sections=int), but expected one of:\n * (Tensor input, tuple of ints indices, int dim = 0)\n      didn't match because some of the keywords were incorrect: sections\n * (Tensor input, Tensor tensor_indices_or_sections, int dim = 0)\n      didn't match because some of the keywords were incorrect: indices, sections\n * (Tensor input, int sections, int dim = 0)\n      didn't match because some of the keywords were incorrect: indices\n")),
    ('torch.tensor_split(x, 2, dim=1, foo=3)', TypeError('tensor_split() received an invalid combination of arguments - got (Tensor, int, foo=int, dim=int), but expected one of:\n * (Tensor input, tuple of ints indices, int dim = 0)\n * (Tensor input, Tensor tensor_indices_or_sections, int dim = 0)\n * (Tensor input, int sections, int dim = 0)\n')),
    ('torch.tensor_split(x, foo=3)', TypeError('tensor_split() received an invalid combination of arguments - got (Tensor, foo=int), but expected one of:\n * (Tensor input, tuple of ints indices, int dim = 0)\n * (Tensor input, Tensor tensor_indices_or_sections, int dim = 0)\n * (Tensor input, int sections, int dim = 0)\n')),
    ('torch.tensor_split(x, foo=3, bar=4)', TypeError("tensor_split() received an invalid combination of arguments - got (Tensor, bar=int, foo=int), but expected one of:\n * (Tensor input, tuple of ints indices, int dim = 0)\n      didn't match because some of the keywords were incorrect: bar, foo\n * (Tensor input, Tensor tensor_indices_or_sections, int dim = 0)\n      didn't match because some of the keywords were incorrect: bar, foo\n * (Tensor input, int sections, int dim = 0)\n      didn't match because some of the keywords were incorrect: bar, foo\n")),
    ("torch.tensor_split(x, 'a', dim=1)", TypeError("tensor_split() received an invalid combination of arguments - got (Tensor, str, dim=int), but expected one of:\n * (Tensor input, tuple of ints indices, int dim = 0)\n      didn't match because some of the keywords were incorrect: dim\n * (Tensor input, Tensor tensor_indices_or_sections, int dim = 0)\n      didn't match because some of the keywords were incorrect: dim\n * (Tensor input, int sections, int dim = 0)\n      didn't match because some of the keywords were incorrect: dim\n")),
    ('torch.hsplit(x, (1,), indices=(2,))', TypeError('hsplit() received an invalid combination of arguments - got (Tensor, tuple, indices=tuple), but expected one of:\n * (Tensor input, int sections)\n * (Tensor input, tuple of ints indices)\n')),
    ('torch.squeeze(x, 0, foo=1)', TypeError('squeeze() received an invalid combination of arguments - got (Tensor, int, foo=int), but expected one of:\n * (Tensor input)\n * (Tensor input, int dim)\n * (Tensor input, tuple of ints dim)\n')),
    ('torch.squeeze(x, foo=1)', TypeError("squeeze() received an invalid combination of arguments - got (Tensor, foo=int), but expected one of:\n * (Tensor input)\n * (Tensor input, int dim)\n      didn't match because some of the keywords were incorrect: foo\n * (Tensor input, tuple of ints dim)\n      didn't match because some of the keywords were incorrect: foo\n")),
    ('torch.squeeze(1, 2, 3)', TypeError('squeeze() received an invalid combination of arguments - got (int, int, int), but expected one of:\n * (Tensor input)\n * (Tensor input, int dim)\n * (Tensor input, tuple of ints dim)\n')),
    ('torch.movedim(x, [0, 1.5], [1, 0])', TypeError('movedim(): argument \'source\' failed to unpack the object at pos 2 with error "type must be tuple of ints,but got float"')),
    ('torch.movedim(x, [0.5], [1])', TypeError("movedim() received an invalid combination of arguments - got (Tensor, list, list), but expected one of:\n * (Tensor input, int source, int destination)\n      didn't match because some of the arguments have invalid types: (Tensor, !list of [float]!, !list of [int]!)\n * (Tensor input, tuple of ints source, tuple of ints destination)\n      didn't match because some of the arguments have invalid types: (Tensor, !list of [float]!, !list of [int]!)\n")),
    ('torch.hsplit(x, [0.5])', TypeError("hsplit() received an invalid combination of arguments - got (Tensor, list), but expected one of:\n * (Tensor input, int sections)\n      didn't match because some of the arguments have invalid types: (Tensor, !list of [float]!)\n * (Tensor input, tuple of ints indices)\n      didn't match because some of the arguments have invalid types: (Tensor, !list of [float]!)\n")),
    ('torch.tensor_split(x, [0.5])', TypeError('tensor_split() received an invalid combination of arguments - got (Tensor, list), but expected one of:\n * (Tensor input, tuple of ints indices, int dim = 0)\n * (Tensor input, Tensor tensor_indices_or_sections, int dim = 0)\n * (Tensor input, int sections, int dim = 0)\n')),
    ('torch.tensor_split(x, [0, 0.5])', TypeError('tensor_split(): argument \'indices\' failed to unpack the object at pos 2 with error "type must be tuple of ints,but got float"')),
    ('torch.tensor_split(x, (0, 2**70))', TypeError('tensor_split(): argument \'indices\' failed to unpack the object at pos 2 with error "Overflow when unpacking long long')),
    ('torch.squeeze(x, 2**70)', ValueError('Overflow when unpacking long long')),
    ('torch.squeeze(x, (2**70,))', TypeError('squeeze(): argument \'dim\' failed to unpack the object at pos 1 with error "Overflow when unpacking long long')),
    ('x.split(True)', TypeError("split() received an invalid combination of arguments - got (Tensor, bool, int), but expected one of:\n * (Tensor input, int split_size, int dim = 0)\n      didn't match because some of the arguments have invalid types: (Tensor, !bool!, !int!)\n * (Tensor input, tuple of ints split_size, int dim = 0)\n      didn't match because some of the arguments have invalid types: (Tensor, !bool!, !int!)\n")),
    ("x.split(2, 'a')", TypeError("split() received an invalid combination of arguments - got (Tensor, int, str), but expected one of:\n * (Tensor input, int split_size, int dim = 0)\n      didn't match because some of the arguments have invalid types: (Tensor, int, !str!)\n * (Tensor input, tuple of ints split_size, int dim = 0)\n      didn't match because some of the arguments have invalid types: (Tensor, !int!, !str!)\n")),
    ("x.split([1,1], 'a')", TypeError("split_with_sizes(): argument 'dim' (position 3) must be int, not str")),
    ('x.split(torch.tensor([1,1]))', TypeError("split_with_sizes(): argument 'split_sizes' (position 2) must be tuple of ints, not Tensor")),
    ('x.split(torch.tensor(1.5))', [((1, 3, 4), (12, 4, 1), 0), ((1, 3, 4), (12, 4, 1), 12)]),
    ('x.split(torch.tensor(1+1j))', RuntimeError('value cannot be converted to type int64_t without overflow')),
    ('x.split(None)', TypeError("split_with_sizes(): argument 'split_sizes' (position 2) must be tuple of ints, not NoneType")),
    ('x.split(2, dim=None)', TypeError("split() received an invalid combination of arguments - got (Tensor, int, NoneType), but expected one of:\n * (Tensor input, int split_size, int dim = 0)\n      didn't match because some of the arguments have invalid types: (Tensor, int, !NoneType!)\n * (Tensor input, tuple of ints split_size, int dim = 0)\n      didn't match because some of the arguments have invalid types: (Tensor, !int!, !NoneType!)\n")),
    ('torch.split(x, 2, None)', TypeError("split() received an invalid combination of arguments - got (Tensor, int, NoneType), but expected one of:\n * (Tensor input, int split_size, int dim = 0)\n      didn't match because some of the arguments have invalid types: (Tensor, int, !NoneType!)\n * (Tensor input, tuple of ints split_size, int dim = 0)\n      didn't match because some of the arguments have invalid types: (Tensor, !int!, !NoneType!)\n")),
    ('torch.as_strided(x, (2,), (1,), storage_offset=1.5)', TypeError("as_strided(): argument 'storage_offset' must be int, not float")),
    ('torch.as_strided(x, (2,), (1,), 1.5)', TypeError("as_strided(): argument 'storage_offset' (position 4) must be int, not float")),
    ('torch.clone(x, memory_format=torch.float32)', TypeError("clone(): argument 'memory_format' must be oxtorch.memory_format, not oxtorch.dtype")),
    ('torch.ones(6).as_strided_((-2,2),(1,))', RuntimeError('mismatch in length of strides and shape')),
    ('torch.ones(6).as_strided_((-2,2),(1,-2))', RuntimeError('as_strided: Negative strides are not supported at the moment, got strides: [1, -2]')),
    ('torch.ones(6).as_strided_((-2,2),(1,2), -1)', RuntimeError('Tensor: invalid storage offset -1')),
    ('torch.ones(6).as_strided_((2,2),(1,2), -1)', RuntimeError('Tensor: invalid storage offset -1')),
    ('torch.ones(6).as_strided((-2,2),(1,-2))', RuntimeError('as_strided: Negative strides are not supported at the moment, got strides: [1, -2]')),
    ('x.as_strided_((2,), (1,), None)', ((2,), (1,), 0)),
    ('x.as_strided_(size=(2,), stride=(1,))', ((2,), (1,), 0)),
    ('x.as_strided_((2,), 1)', TypeError("as_strided_(): argument 'stride' (position 2) must be tuple of ints, not int")),
    ('x.tensor_split()', TypeError('tensor_split() received an invalid combination of arguments - got (), but expected one of:\n * (tuple of ints indices, int dim = 0)\n * (Tensor tensor_indices_or_sections, int dim = 0)\n * (int sections, int dim = 0)\n')),
    ('x.unsafe_split()', TypeError('unsafe_split() missing 1 required positional arguments: "split_size"')),
    ('x.unbind(None)', TypeError("unbind(): argument 'dim' (position 1) must be int, not NoneType")),
    ('x.view_as()', TypeError('view_as() missing 1 required positional arguments: "other"')),
    ('x.view_as(x, x)', TypeError('view_as() takes 1 positional argument but 2 were given')),
    ('x.transpose_(0, 1, 2)', TypeError('transpose_() takes 2 positional arguments but 3 were given')),
    ('x.swapaxes_(0)', TypeError('swapaxes_() missing 1 required positional arguments: "axis1"')),
    ('x.moveaxis(0, (1,))', TypeError("moveaxis() received an invalid combination of arguments - got (int, tuple), but expected one of:\n * (int source, int destination)\n      didn't match because some of the arguments have invalid types: (int, !tuple of (int,)!)\n * (tuple of ints source, tuple of ints destination)\n      didn't match because some of the arguments have invalid types: (!int!, !tuple of (int,)!)\n")),
    ('x.H', RuntimeError('tensor.H is only supported on matrices (2-D tensors). Got 3-D tensor. For batches of matrices, consider using tensor.mH')),
    ('x.real', ((2, 3, 4), (12, 4, 1), 0)),
    ('x.imag', TypeError('imag is not implemented for tensors with non-complex dtypes.')),
    ('m.swapaxes(0, 1)', ((3, 2), (1, 3), 0)),
    ('m.swapaxes(0, 1, 2)', TypeError('swapaxes() takes 2 positional arguments but 3 were given')),
    ('m.swapaxes(axis0=1, axis1=0)', ((3, 2), (1, 3), 0)),
    ('m.swapdims(dim0=1, dim1=0)', ((3, 2), (1, 3), 0)),
    ('m.swapdims(1)', TypeError('swapdims() missing 1 required positional arguments: "dim1"')),
    ('m.moveaxis([0, 1], [1, 0])', ((3, 2), (1, 3), 0)),
    ('m.moveaxis(0, 1, 2)', TypeError('moveaxis() received an invalid combination of arguments - got (int, int, int), but expected one of:\n * (int source, int destination)\n * (tuple of ints source, tuple of ints destination)\n')),
    ('m.moveaxis(source=[0], destination=[1])', ((3, 2), (1, 3), 0)),
    ('m.view_as(torch.ones(3, 2))', ((3, 2), (2, 1), 0)),
    ('m.view_as(other=torch.ones(6))', ((6,), (1,), 0)),
    ('m.view_as(torch.ones(4))', RuntimeError("shape '[4]' is invalid for input of size 6")),
    ('m.view_as(s)', ((2, 3), (3, 1), 0)),
    ('m.t().view_as(torch.ones(6))', RuntimeError("view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.")),
    ('m.t().reshape_as(torch.ones(6))', ((6,), (1,), 0)),
    ('m.t().reshape_as(1)', TypeError("reshape_as(): argument 'other' (position 1) must be Tensor, not int")),
    ('m.t().reshape_as()', TypeError('reshape_as() missing 1 required positional arguments: "other"')),
    ('s.view_as(m)', NotImplementedError("Could not run 'aten::view' with arguments from the 'SparseCPU' backend.")),
    ('s.reshape_as(m)', RuntimeError('reshape is not implemented for sparse tensors')),
    ('s.swapaxes(0, 1)', ('sparse', (3, 2))),
    ('s.moveaxis(0, 1)', ('sparse', (3, 2))),
    ('s.unbind()', [('sparse', (3,)), ('sparse', (3,))]),
    ('s.unbind(1)', [('sparse', (2,)), ('sparse', (2,)), ('sparse', (2,))]),
    ('s.unbind(2)', IndexError('Dimension out of range (expected to be in range of [-2, 1], but got 2)')),
    ('s.tensor_split(2)', NotImplementedError("Could not run 'aten::as_strided' with arguments from the 'SparseCPU' backend.")),
    ('s.tensor_split(0)', RuntimeError('number of sections must be larger than 0, got 0')),
    ('s.tensor_split(2, 5)', IndexError('Dimension out of range (expected to be in range of [-2, 1], but got 5)')),
    ('s.hsplit(2)', RuntimeError('oxtorch.hsplit attempted to split along dimension 1, but the size of the dimension 3 is not divisible by the split_size 2!')),
    ('s.hsplit(3)', NotImplementedError("Could not run 'aten::as_strided' with arguments from the 'SparseCPU' backend.")),
    ('s.split_with_sizes([1,1])', NotImplementedError("Could not run 'aten::as_strided' with arguments from the 'SparseCPU' backend.")),
    ('s.split_with_sizes([1,2])', NotImplementedError("Could not run 'aten::as_strided' with arguments from the 'SparseCPU' backend.")),
    ('s.unsafe_split(1)', NotImplementedError("Could not run 'aten::as_strided' with arguments from the 'SparseCPU' backend.")),
    ('s.unsafe_split(-1)', RuntimeError('split expects split_size be non-negative, but got split_size=-1')),
    ('s.real', ('sparse', (2, 3))),
    ('s.imag', TypeError('imag is not implemented for tensors with non-complex dtypes.')),
    ('s.H', ('sparse', (3, 2))),
    ('s.mH', ('sparse', (3, 2))),
    ('s.t().H', ('sparse', (2, 3))),
    ('torch.ones(2,2,2).to_sparse().H', RuntimeError('tensor.H is only supported on matrices (2-D tensors). Got 3-D tensor. For batches of matrices, consider using tensor.mH')),
    ('torch.ones(2).to_sparse().mH', RuntimeError('tensor.mH is only supported on matrices or batches of matrices. Got 1-D tensor.')),
    ('z.real', ((2, 3), (6, 2), 0)),
    ('z.imag', ((2, 3), (6, 2), 1)),
    ('z.t().real', ((3, 2), (2, 6), 0)),
    ('z.H', ((3, 2), (1, 3), 0)),
    ('z.mH', ((3, 2), (1, 3), 0)),
    ('z.T', ((3, 2), (1, 3), 0)),
    ('z[:, 1:].imag', ((2, 2), (6, 2), 3)),
    ('torch.tensor(1+2j).H', ((), (), 0)),
    ('torch.tensor(1+2j).mH', ((), (), 0)),
    ('torch.tensor(1.5).H', ((), (), 0)),
    ("torch.zeros(2, 3, dtype=torch.complex64, device='meta').real", ((2, 3), (6, 2), 0)),
    ("torch.zeros(2, 3, dtype=torch.complex64, device='meta').H", ((3, 2), (1, 3), 0)),
    ('x.tensor_split([1, 2], dim=2)', [((2, 3, 1), (12, 4, 1), 0), ((2, 3, 1), (12, 4, 1), 1), ((2, 3, 2), (12, 4, 1), 2)]),
    ('x.tensor_split(torch.tensor([1, 3]), 2)', [((2, 3, 1), (12, 4, 1), 0), ((2, 3, 2), (12, 4, 1), 1), ((2, 3, 1), (12, 4, 1), 3)]),
    ('x.tensor_split(torch.tensor(3), 2)', [((2, 3, 2), (12, 4, 1), 0), ((2, 3, 1), (12, 4, 1), 2), ((2, 3, 1), (12, 4, 1), 3)]),
    ('x.tensor_split(tensor_indices_or_sections=torch.tensor(3), dim=2)', [((2, 3, 2), (12, 4, 1), 0), ((2, 3, 1), (12, 4, 1), 2), ((2, 3, 1), (12, 4, 1), 3)]),
    ('x.tensor_split(indices=[1], dim=2)', [((2, 3, 1), (12, 4, 1), 0), ((2, 3, 3), (12, 4, 1), 1)]),
    ('x.tensor_split(sections=2, dim=2)', [((2, 3, 2), (12, 4, 1), 0), ((2, 3, 2), (12, 4, 1), 2)]),
    ('x.tensor_split(2, dim=2, foo=1)', TypeError('tensor_split() received an invalid combination of arguments - got (int, foo=int, dim=int), but expected one of:\n * (tuple of ints indices, int dim = 0)\n * (Tensor tensor_indices_or_sections, int dim = 0)\n * (int sections, int dim = 0)\n')),
    ('x.tensor_split(torch.tensor([1., 2.]))', RuntimeError('tensor_split expected tensor_indices_or_sections to have dtype of long, but got Float')),
    ('x.tensor_split(torch.tensor(2, dtype=torch.int32))', RuntimeError('tensor_split expected tensor_indices_or_sections to have dtype of long, but got Int')),
    ('x.tensor_split(torch.tensor([[1]]))', RuntimeError('tensor_split expected tensor_indices_or_sections to be a zero-dimensional or one-dimensional tensor, but got a tensor with 2 dims')),
    ("x.tensor_split([1, 'a'])", TypeError('tensor_split(): argument \'indices\' failed to unpack the object at pos 2 with error "type must be tuple of ints,but got str"')),
    ("x.tensor_split(['a'])", TypeError('tensor_split() received an invalid combination of arguments - got (list), but expected one of:\n * (tuple of ints indices, int dim = 0)\n * (Tensor tensor_indices_or_sections, int dim = 0)\n * (int sections, int dim = 0)\n')),
    ('x.tensor_split([2**70])', TypeError('tensor_split(): argument \'indices\' failed to unpack the object at pos 1 with error "Overflow when unpacking long long')),
    ('x.tensor_split(2**70)', ValueError('Overflow when unpacking long long')),
    ('x.tensor_split(I())', [((2, 3, 4), (12, 4, 1), 0)]),
    ('x.tensor_split([I(), I()])', [((1, 3, 4), (12, 4, 1), 0), ((0, 3, 4), (12, 4, 1), 12), ((1, 3, 4), (12, 4, 1), 12)]),
    ('x.tensor_split(torch.tensor([2]))', [((2, 3, 4), (12, 4, 1), 0), ((0, 3, 4), (12, 4, 1), 24)]),
    ('x.tensor_split(np.int64(2))', [((1, 3, 4), (12, 4, 1), 0), ((1, 3, 4), (12, 4, 1), 12)]),
    ('x.tensor_split(np.array([1, 2]))', TypeError('tensor_split() received an invalid combination of arguments - got (numpy.ndarray), but expected one of:\n * (tuple of ints indices, int dim = 0)\n * (Tensor tensor_indices_or_sections, int dim = 0)\n * (int sections, int dim = 0)\n')),
    ('x.hsplit([1, 2])', [((2, 1, 4), (12, 4, 1), 0), ((2, 1, 4), (12, 4, 1), 4), ((2, 1, 4), (12, 4, 1), 8)]),
    ('x.hsplit(torch.tensor(3))', [((2, 1, 4), (12, 4, 1), 0), ((2, 1, 4), (12, 4, 1), 4), ((2, 1, 4), (12, 4, 1), 8)]),
    ('x.hsplit(sections=3)', [((2, 1, 4), (12, 4, 1), 0), ((2, 1, 4), (12, 4, 1), 4), ((2, 1, 4), (12, 4, 1), 8)]),
    ('x.hsplit(indices=(1,))', [((2, 1, 4), (12, 4, 1), 0), ((2, 2, 4), (12, 4, 1), 4)]),
    ('x.vsplit(2)', [((1, 3, 4), (12, 4, 1), 0), ((1, 3, 4), (12, 4, 1), 12)]),
    ('x.dsplit([1, 3])', [((2, 3, 1), (12, 4, 1), 0), ((2, 3, 2), (12, 4, 1), 1), ((2, 3, 1), (12, 4, 1), 3)]),
    ('x.dsplit(3)', RuntimeError('oxtorch.dsplit attempted to split along dimension 2, but the size of the dimension 4 is not divisible by the split_size 3!')),
    ('x.dsplit()', TypeError('dsplit() received an invalid combination of arguments - got (), but expected one of:\n * (int sections)\n * (tuple of ints indices)\n')),
    ('m.dsplit(2)', RuntimeError('oxtorch.dsplit requires a tensor with at least 3 dimension, but got a tensor with 2 dimensions!')),
    ('x.split_with_sizes((1, 1), 0)', [((1, 3, 4), (12, 4, 1), 0), ((1, 3, 4), (12, 4, 1), 12)]),
    ('x.split_with_sizes([1, 1], dim=0)', [((1, 3, 4), (12, 4, 1), 0), ((1, 3, 4), (12, 4, 1), 12)]),
    ('x.split_with_sizes(split_sizes=[3], dim=1)', [((2, 3, 4), (12, 4, 1), 0)]),
    ('x.split_with_sizes([1, 1], 0, 2)', TypeError('split_with_sizes() takes from 1 to 2 positional arguments but 3 were given')),
    ('x.unsafe_split(split_size=2, dim=1)', [((2, 2, 4), (12, 4, 1), 0), ((2, 1, 4), (12, 4, 1), 8)]),
    ('x.unsafe_split_with_sizes(split_sizes=[1, 2], dim=1)', [((2, 1, 4), (12, 4, 1), 0), ((2, 2, 4), (12, 4, 1), 4)]),
    ('x.unbind(-1)', [((2, 3), (12, 4), 0), ((2, 3), (12, 4), 1), ((2, 3), (12, 4), 2), ((2, 3), (12, 4), 3)]),
    ('x.unbind(dim=-2)', [((2, 4), (12, 1), 0), ((2, 4), (12, 1), 4), ((2, 4), (12, 1), 8)]),
    ('x.unbind(torch.tensor(1))', [((2, 4), (12, 1), 0), ((2, 4), (12, 1), 4), ((2, 4), (12, 1), 8)]),
    ('x.split(2, 1)', [((2, 2, 4), (12, 4, 1), 0), ((2, 1, 4), (12, 4, 1), 8)]),
    ('x.split([1, 2], 1)', [((2, 1, 4), (12, 4, 1), 0), ((2, 2, 4), (12, 4, 1), 4)]),
    ('x.split(torch.tensor(2), 1)', [((2, 2, 4), (12, 4, 1), 0), ((2, 1, 4), (12, 4, 1), 8)]),
    ('x.split(torch.tensor([1, 1]))', TypeError("split_with_sizes(): argument 'split_sizes' (position 2) must be tuple of ints, not Tensor")),
    ("x.split('a')", TypeError("split_with_sizes(): argument 'split_sizes' (position 2) must be tuple of ints, not str")),
    ("x.split([1, 1], 'a')", TypeError("split_with_sizes(): argument 'dim' (position 3) must be int, not str")),
    ('x.split()', TypeError("Tensor.split() missing 1 required positional argument: 'split_size'")),
    ('x.split((1, 1))', [((1, 3, 4), (12, 4, 1), 0), ((1, 3, 4), (12, 4, 1), 12)]),
    ('x.split(np.int64(1))', TypeError("split_with_sizes(): argument 'split_sizes' (position 2) must be tuple of ints, not numpy.int64")),
    ('x.split([1, 2**70])', TypeError('split_with_sizes(): argument \'split_sizes\' failed to unpack the object at pos 2 with error "Overflow when unpacking long long')),
    ('torch.split(x, [1, 1])', [((1, 3, 4), (12, 4, 1), 0), ((1, 3, 4), (12, 4, 1), 12)]),
    ('torch.split(tensor=x, split_size_or_sections=(1, 2), dim=1)', [((2, 1, 4), (12, 4, 1), 0), ((2, 2, 4), (12, 4, 1), 4)]),
    ('torch.split(x, 1, foo=1)', TypeError("split() got an unexpected keyword argument 'foo'")),
    ('torch.narrow(x, 0, torch.tensor(1), 1)', ((1, 3, 4), (12, 4, 1), 12)),
    ('torch.narrow(x, 0, torch.tensor([1]), 1)', RuntimeError('start must be an 0-dim integral Tensor.')),
    ('torch.narrow(x, 0, start=torch.tensor(1), length=1)', ((1, 3, 4), (12, 4, 1), 12)),
    ('x.narrow(0, torch.tensor(True), 1)', RuntimeError('start must be an 0-dim integral Tensor.')),
    ('x.narrow(0, 1)', TypeError('narrow() received an invalid combination of arguments - got (int, int), but expected one of:\n * (int dim, Tensor start, int length)\n * (int dim, int start, int length)\n')),
    ("x.narrow(0, 'a', 1)", TypeError("narrow() received an invalid combination of arguments - got (int, str, int), but expected one of:\n * (int dim, Tensor start, int length)\n      didn't match because some of the arguments have invalid types: (int, !str!, int)\n * (int dim, int start, int length)\n      didn't match because some of the arguments have invalid types: (int, !str!, int)\n")),
    ('x.narrow(dim=0, start=1, length=1)', ((1, 3, 4), (12, 4, 1), 12)),
    ('x.narrow(0, I(), 1)', ((1, 3, 4), (12, 4, 1), 12)),
    ('s.narrow(0, 0, 1)', NotImplementedError("Could not run 'aten::as_strided' with arguments from the 'SparseCPU' backend.")),
    ('s.narrow(5, 0, 1)', IndexError('Dimension out of range (expected to be in range of [-2, 1], but got 5)')),
    ('torch.narrow(s, 0, 0, 1)', NotImplementedError("Could not run 'aten::as_strided' with arguments from the 'SparseCPU' backend.")),
    ('torch.reshape(x, (I(), 24))', ((1, 24), (24, 1), 0)),
    ('torch.reshape(x, [4, I(), 6])', ((4, 1, 6), (6, 6, 1), 0)),
    ('torch.reshape(x, (24, np.int64(1)))', ((24, 1), (1, 1), 0)),
    ('torch.transpose(x, 0, np.int64(1))', ((3, 2, 4), (4, 12, 1), 0)),
    ('torch.transpose(x, 0, I())', TypeError("transpose(): argument 'dim1' (position 3) must be int, not I")),
    ('torch.transpose(x, np.int64(0), torch.tensor(1))', ((3, 2, 4), (4, 12, 1), 0)),
    ('torch.squeeze(torch.ones(1, 2), torch.tensor([0]))', TypeError("squeeze() received an invalid combination of arguments - got (Tensor, Tensor), but expected one of:\n * (Tensor input)\n * (Tensor input, int dim)\n      didn't match because some of the arguments have invalid types: (Tensor, !Tensor!)\n * (Tensor input, tuple of ints dim)\n      didn't match because some of the arguments have invalid types: (Tensor, !Tensor!)\n")),
    ('torch.squeeze(torch.ones(1, 2), np.int64(0))', ((2,), (1,), 0)),
    ('torch.squeeze(torch.ones(1, 2), torch.Size([0]))', ((2,), (1,), 0)),
    ('torch.squeeze(1, torch.Size([0]))', TypeError("squeeze() received an invalid combination of arguments - got (int, oxtorch.Size), but expected one of:\n * (Tensor input)\n * (Tensor input, int dim)\n      didn't match because some of the arguments have invalid types: (!int!, !oxtorch.Size of (int,)!)\n * (Tensor input, tuple of ints dim)\n      didn't match because some of the arguments have invalid types: (!int!, !oxtorch.Size of (int,)!)\n")),
    ('torch.unsqueeze(x, torch.tensor(0))', ((1, 2, 3, 4), (24, 12, 4, 1), 0)),
    ('torch.flatten(x, torch.tensor(1))', ((2, 12), (12, 1), 0)),
    ('torch.clone(x, memory_format=torch.channels_last)', RuntimeError('required rank 4 tensor to use channels_last format')),
    ('torch.clone(s)', ('sparse', (2, 3))),
    ('torch.clone(s, memory_format=torch.contiguous_format)', RuntimeError('unsupported memory format option Contiguous')),
    ('torch.t(s)', ('sparse', (3, 2))),
    ('torch.transpose(s, 0, 1)', ('sparse', (3, 2))),
    ('torch.unbind(s, 1)', [('sparse', (2,)), ('sparse', (2,)), ('sparse', (2,))]),
    ('torch.select(s, 0, 1)', ('sparse', (3,))),
    ('torch.movedim(s, 0, 1)', ('sparse', (3, 2))),
    ('torch.squeeze(s)', NotImplementedError("Could not run 'aten::as_strided' with arguments from the 'SparseCPU' backend.")),
    ('torch.diagonal(s)', NotImplementedError("Could not run 'aten::as_strided' with arguments from the 'SparseCPU' backend.")),
    ('torch.chunk(s, 2)', NotImplementedError("Could not run 'aten::as_strided' with arguments from the 'SparseCPU' backend.")),
    ('torch.as_strided(s, (1,), (1,))', NotImplementedError("Could not run 'aten::as_strided' with arguments from the 'SparseCPU' backend.")),
    ('torch.unsqueeze(s, 0)', ('sparse', (1, 2, 3))),
    ('torch.permute(s, (1, 0))', ('sparse', (3, 2))),
    ('torch.reshape(s, (6,))', RuntimeError('reshape is not implemented for sparse tensors')),
    ('torch.flatten(s)', RuntimeError('reshape is not implemented for sparse tensors')),
    ('torch.unflatten(s, 1, (3, 1))', NotImplementedError("Could not run 'aten::view' with arguments from the 'SparseCPU' backend.")),
    ('torch.swapdims(s, 0, 1)', ('sparse', (3, 2))),
    ('torch.tensor_split(s, 1)', NotImplementedError("Could not run 'aten::as_strided' with arguments from the 'SparseCPU' backend.")),
    ("torch.unbind(torch.ones(2, 3, device='meta'), 1)", [((2,), (3,), 0), ((2,), (3,), 1), ((2,), (3,), 2)]),
    ("torch.tensor_split(torch.ones(2, 3, device='meta'), 2, 1)", [((2, 2), (3, 1), 0), ((2, 1), (3, 1), 2)]),
    ("torch.hsplit(torch.ones(2, 3, device='meta'), [1])", [((2, 1), (3, 1), 0), ((2, 2), (3, 1), 1)]),
    ('x.tensor_split(foo=1)', TypeError('tensor_split() received an invalid combination of arguments - got (foo=int, ), but expected one of:\n * (tuple of ints indices, int dim = 0)\n * (Tensor tensor_indices_or_sections, int dim = 0)\n * (int sections, int dim = 0)\n')),
    ('x.tensor_split(1, foo=1)', TypeError("tensor_split() received an invalid combination of arguments - got (int, foo=int), but expected one of:\n * (tuple of ints indices, int dim = 0)\n      didn't match because some of the keywords were incorrect: foo\n * (Tensor tensor_indices_or_sections, int dim = 0)\n      didn't match because some of the keywords were incorrect: foo\n * (int sections, int dim = 0)\n      didn't match because some of the keywords were incorrect: foo\n")),
    ('x.tensor_split(1, 2, foo=1)', TypeError('tensor_split() received an invalid combination of arguments - got (int, int, foo=int), but expected one of:\n * (tuple of ints indices, int dim = 0)\n * (Tensor tensor_indices_or_sections, int dim = 0)\n * (int sections, int dim = 0)\n')),
    ('x.tensor_split(dim=1)', TypeError('tensor_split() received an invalid combination of arguments - got (dim=int, ), but expected one of:\n * (tuple of ints indices, int dim = 0)\n * (Tensor tensor_indices_or_sections, int dim = 0)\n * (int sections, int dim = 0)\n')),
    ('x.tensor_split(dim=1, foo=2)', TypeError("tensor_split() received an invalid combination of arguments - got (foo=int, dim=int, ), but expected one of:\n * (tuple of ints indices, int dim = 0)\n      didn't match because some of the keywords were incorrect: foo, dim\n * (Tensor tensor_indices_or_sections, int dim = 0)\n      didn't match because some of the keywords were incorrect: foo, dim\n * (int sections, int dim = 0)\n      didn't match because some of the keywords were incorrect: foo, dim\n")),
    ('x.tensor_split(sections=1, indices=[1], dim=1)', TypeError('tensor_split() received an invalid combination of arguments - got (indices=list, dim=int, sections=int, ), but expected one of:\n * (tuple of ints indices, int dim = 0)\n * (Tensor tensor_indices_or_sections, int dim = 0)\n * (int sections, int dim = 0)\n')),
    ('x.tensor_split((1, 2.5))', TypeError('tensor_split(): argument \'indices\' failed to unpack the object at pos 2 with error "type must be tuple of ints,but got float"')),
    ('x.tensor_split((1.5, 2))', TypeError('tensor_split() received an invalid combination of arguments - got (tuple), but expected one of:\n * (tuple of ints indices, int dim = 0)\n * (Tensor tensor_indices_or_sections, int dim = 0)\n * (int sections, int dim = 0)\n')),
    ('x.tensor_split(1.5)', TypeError('tensor_split() received an invalid combination of arguments - got (float), but expected one of:\n * (tuple of ints indices, int dim = 0)\n * (Tensor tensor_indices_or_sections, int dim = 0)\n * (int sections, int dim = 0)\n')),
    ('x.tensor_split(True)', TypeError('tensor_split() received an invalid combination of arguments - got (bool), but expected one of:\n * (tuple of ints indices, int dim = 0)\n * (Tensor tensor_indices_or_sections, int dim = 0)\n * (int sections, int dim = 0)\n')),
    ('x.tensor_split([True])', TypeError('tensor_split() received an invalid combination of arguments - got (list), but expected one of:\n * (tuple of ints indices, int dim = 0)\n * (Tensor tensor_indices_or_sections, int dim = 0)\n * (int sections, int dim = 0)\n')),
    ('x.tensor_split([1, True])', [((1, 3, 4), (12, 4, 1), 0), ((0, 3, 4), (12, 4, 1), 12), ((1, 3, 4), (12, 4, 1), 12)]),
    ('x.tensor_split(torch.Size([1]))', [((1, 3, 4), (12, 4, 1), 0), ((1, 3, 4), (12, 4, 1), 12)]),
    ('x.tensor_split(1, dim=None)', TypeError("tensor_split() received an invalid combination of arguments - got (int, dim=NoneType), but expected one of:\n * (tuple of ints indices, int dim = 0)\n      didn't match because some of the keywords were incorrect: dim\n * (Tensor tensor_indices_or_sections, int dim = 0)\n      didn't match because some of the keywords were incorrect: dim\n * (int sections, int dim = 0)\n      didn't match because some of the keywords were incorrect: dim\n")),
    ('x.tensor_split(1, None)', TypeError("tensor_split() received an invalid combination of arguments - got (int, NoneType), but expected one of:\n * (tuple of ints indices, int dim = 0)\n      didn't match because some of the arguments have invalid types: (!int!, !NoneType!)\n * (Tensor tensor_indices_or_sections, int dim = 0)\n      didn't match because some of the arguments have invalid types: (!int!, !NoneType!)\n * (int sections, int dim = 0)\n      didn't match because some of the arguments have invalid types: (int, !NoneType!)\n")),
    ('x.tensor_split(indices=1)', TypeError('tensor_split() received an invalid combination of arguments - got (indices=int, ), but expected one of:\n * (tuple of ints indices, int dim = 0)\n * (Tensor tensor_indices_or_sections, int dim = 0)\n * (int sections, int dim = 0)\n')),
    ('x.tensor_split(torch.tensor([1]), dim=1.5)', TypeError("tensor_split() received an invalid combination of arguments - got (Tensor, dim=float), but expected one of:\n * (tuple of ints indices, int dim = 0)\n      didn't match because some of the keywords were incorrect: dim\n * (Tensor tensor_indices_or_sections, int dim = 0)\n      didn't match because some of the keywords were incorrect: dim\n * (int sections, int dim = 0)\n      didn't match because some of the keywords were incorrect: dim\n")),
    ('x.hsplit(1, 2, 3)', [((2, 1, 4), (12, 4, 1), 0), ((2, 1, 4), (12, 4, 1), 4), ((2, 1, 4), (12, 4, 1), 8), ((2, 0, 4), (12, 4, 1), 12)]),
    ('x.hsplit(torch.tensor([1, 2]))', TypeError("hsplit() received an invalid combination of arguments - got (Tensor), but expected one of:\n * (int sections)\n      didn't match because some of the arguments have invalid types: (!Tensor!)\n * (tuple of ints indices)\n      didn't match because some of the arguments have invalid types: (!Tensor!)\n")),
    ('x.hsplit(sections=3, foo=1)', TypeError('hsplit() received an invalid combination of arguments - got (foo=int, sections=int, ), but expected one of:\n * (int sections)\n * (tuple of ints indices)\n')),
    ("x.hsplit((1, 'a'))", TypeError('hsplit(): argument \'indices\' failed to unpack the object at pos 2 with error "type must be tuple of ints,but got str"')),
    ("x.hsplit(['a'])", TypeError("hsplit() received an invalid combination of arguments - got (list), but expected one of:\n * (int sections)\n      didn't match because some of the arguments have invalid types: (!list of [str]!)\n * (tuple of ints indices)\n      didn't match because some of the arguments have invalid types: (!list of [str]!)\n")),
    ('x.hsplit(None)', TypeError("hsplit() received an invalid combination of arguments - got (NoneType), but expected one of:\n * (int sections)\n      didn't match because some of the arguments have invalid types: (!NoneType!)\n * (tuple of ints indices)\n      didn't match because some of the arguments have invalid types: (!NoneType!)\n")),
    ('x.vsplit(sections=2.0)', TypeError("vsplit() received an invalid combination of arguments - got (sections=float, ), but expected one of:\n * (int sections)\n      didn't match because some of the arguments have invalid types: (!sections=float!, )\n * (tuple of ints indices)\n      didn't match because some of the keywords were incorrect: sections\n")),
    ('x.dsplit(indices=(1.0,))', TypeError("dsplit() received an invalid combination of arguments - got (indices=tuple, ), but expected one of:\n * (int sections)\n      didn't match because some of the keywords were incorrect: indices\n * (tuple of ints indices)\n      didn't match because some of the arguments have invalid types: (!indices=tuple of (float,)!, )\n")),
    ('x.unbind(1.0)', TypeError("unbind(): argument 'dim' (position 1) must be int, not float")),
    ("x.unbind(dim='a')", TypeError("unbind(): argument 'dim' must be int, not str")),
    ('x.unbind(1, foo=2)', TypeError("unbind() got an unexpected keyword argument 'foo'")),
    ('x.unbind(foo=2)', TypeError("unbind() got an unexpected keyword argument 'foo'")),
    ('x.unbind(dim=1, foo=2)', TypeError("unbind() got an unexpected keyword argument 'foo'")),
    ('x.unsafe_split(1.5)', TypeError("unsafe_split(): argument 'split_size' (position 1) must be int, not float")),
    ('x.unsafe_split([1])', TypeError("unsafe_split(): argument 'split_size' (position 1) must be int, not list")),
    ("x.unsafe_split(2, 'a')", TypeError("unsafe_split(): argument 'dim' (position 2) must be int, not str")),
    ('x.unsafe_split(I())', [((1, 3, 4), (12, 4, 1), 0), ((1, 3, 4), (12, 4, 1), 12)]),
    ('x.unsafe_split(torch.tensor([2]))', [((2, 3, 4), (12, 4, 1), 0)]),
    ('x.split_with_sizes()', TypeError('split_with_sizes() missing 1 required positional arguments: "split_sizes"')),
    ('x.split_with_sizes(1)', TypeError("split_with_sizes(): argument 'split_sizes' (position 1) must be tuple of ints, not int")),
    ('x.split_with_sizes((1, 1.5))', TypeError('split_with_sizes(): argument \'split_sizes\' failed to unpack the object at pos 2 with error "type must be tuple of ints,but got float"')),
    ('x.split_with_sizes([I(), I()])', [((1, 3, 4), (12, 4, 1), 0), ((1, 3, 4), (12, 4, 1), 12)]),
    ('x.split_with_sizes(split_sizes=1)', TypeError("split_with_sizes(): argument 'split_sizes' must be tuple of ints, not int")),
    ('x.unsafe_split_with_sizes([1, 1], foo=2)', TypeError("unsafe_split_with_sizes() got an unexpected keyword argument 'foo'")),
    ('x.squeeze_(1.5)', TypeError("squeeze_() received an invalid combination of arguments - got (float), but expected one of:\n * ()\n      didn't match because some of the arguments have invalid types: (!float!)\n * (int dim)\n      didn't match because some of the arguments have invalid types: (!float!)\n * (tuple of ints dim)\n      didn't match because some of the arguments have invalid types: (!float!)\n")),
    ('x.squeeze_((0, 1.5))', TypeError('squeeze_(): argument \'dim\' failed to unpack the object at pos 2 with error "type must be tuple of ints,but got float"')),
    ('x.squeeze_(dim=1.5)', TypeError("squeeze_() received an invalid combination of arguments - got (dim=float, ), but expected one of:\n * ()\n      didn't match because some of the keywords were incorrect: dim\n * (int dim)\n      didn't match because some of the arguments have invalid types: (!dim=float!, )\n * (tuple of ints dim)\n      didn't match because some of the arguments have invalid types: (!dim=float!, )\n")),
    ("x.squeeze_(0, 'a')", TypeError('squeeze_(): argument \'dim\' failed to unpack the object at pos 2 with error "type must be tuple of ints,but got str"')),
    ("x.squeeze_('a', 0)", TypeError('squeeze_() received an invalid combination of arguments - got (str, int), but expected one of:\n * ()\n * (int dim)\n * (tuple of ints dim)\n')),
    ('x.squeeze_(None, 0)', TypeError('squeeze_() received an invalid combination of arguments - got (NoneType, int), but expected one of:\n * ()\n * (int dim)\n * (tuple of ints dim)\n')),
    ('x.unsqueeze_(dim=None)', TypeError("unsqueeze_(): argument 'dim' must be int, not NoneType")),
    ('x.unsqueeze_(I())', TypeError("unsqueeze_(): argument 'dim' (position 1) must be int, not I")),
    ('x.unsqueeze_(np.int64(0))', ((1, 2, 3, 4), (24, 12, 4, 1), 0)),
    ('x.unsqueeze_(torch.tensor(0))', ((1, 2, 3, 4), (24, 12, 4, 1), 0)),
    ('x.unsqueeze_(torch.tensor([0]))', TypeError("unsqueeze_(): argument 'dim' (position 1) must be int, not Tensor")),
    ('x.transpose_()', TypeError('transpose_() missing 2 required positional argument: "dim0", "dim1"')),
    ('x.transpose_(0)', TypeError('transpose_() missing 1 required positional arguments: "dim1"')),
    ("x.transpose_('a', 1)", TypeError("transpose_(): argument 'dim0' (position 1) must be int, not str")),
    ('x.transpose_(0, 1, foo=1)', TypeError("transpose_() got an unexpected keyword argument 'foo'")),
    ('x.swapaxes_(0, 1, 2)', TypeError('swapaxes_() takes 2 positional arguments but 3 were given')),
    ('x.swapdims_()', TypeError('swapdims_() missing 2 required positional argument: "dim0", "dim1"')),
    ('x.t_()', RuntimeError('t_() expects a tensor with <= 2 dimensions, but self is 3D')),
    ('x.as_strided_()', TypeError('as_strided_() missing 2 required positional argument: "size", "stride"')),
    ('x.as_strided_((2,))', TypeError('as_strided_() missing 1 required positional arguments: "stride"')),
    ('x.as_strided_(2, (1,))', TypeError("as_strided_(): argument 'size' (position 1) must be tuple of ints, not int")),
    ('x.as_strided_((2,), (1,), 1, 2)', TypeError('as_strided_() takes from 2 to 3 positional arguments but 4 were given')),
    ('x.as_strided_((2.5,), (1,))', TypeError("as_strided_(): argument 'size' (position 1) must be tuple of ints, but found element of type float at pos 0")),
    ('x.as_strided_((2,), (1,), foo=1)', TypeError("as_strided_() got an unexpected keyword argument 'foo'")),
    ('x.as_strided_((2,), (-1,))', RuntimeError('as_strided: Negative strides are not supported at the moment, got strides: [-1]')),
    ('x.as_strided_((2,), (1,), -3)', RuntimeError('Tensor: invalid storage offset -3')),
    ('x.as_strided_((-2,), (1,))', RuntimeError('numel: integer multiplication overflow')),
    ('x.as_strided_((2, 3), (1,))', RuntimeError('mismatch in length of strides and shape')),
    ('x.as_strided_((100,), (1,))', RuntimeError('setStorage: sizes [100], strides [1], storage offset 0, and itemsize 4 requiring a storage size of 400 are out of bounds for storage of size 96')),
    ('x.swapaxes()', TypeError('swapaxes() missing 2 required positional argument: "axis0", "axis1"')),
    ("x.swapaxes('a', 1)", TypeError("swapaxes(): argument 'axis0' (position 1) must be int, not str")),
    ('x.swapaxes(0, axis1=1)', ((3, 2, 4), (4, 12, 1), 0)),
    ('x.swapaxes(0, 1, axis0=1)', TypeError("swapaxes() got multiple values for argument 'axis0'")),
    ('x.swapdims(dim0=0)', TypeError('swapdims() missing 1 required positional arguments: "dim1"')),
    ('x.moveaxis()', TypeError('moveaxis() received an invalid combination of arguments - got (), but expected one of:\n * (int source, int destination)\n * (tuple of ints source, tuple of ints destination)\n')),
    ('x.moveaxis(0)', TypeError('moveaxis() received an invalid combination of arguments - got (int), but expected one of:\n * (int source, int destination)\n * (tuple of ints source, tuple of ints destination)\n')),
    ('x.moveaxis(0, 1, foo=2)', TypeError('moveaxis() received an invalid combination of arguments - got (int, int, foo=int), but expected one of:\n * (int source, int destination)\n * (tuple of ints source, tuple of ints destination)\n')),
    ("x.moveaxis('a', 'b')", TypeError("moveaxis() received an invalid combination of arguments - got (str, str), but expected one of:\n * (int source, int destination)\n      didn't match because some of the arguments have invalid types: (!str!, !str!)\n * (tuple of ints source, tuple of ints destination)\n      didn't match because some of the arguments have invalid types: (!str!, !str!)\n")),
    ('x.moveaxis((0, 1), 1)', TypeError("moveaxis() received an invalid combination of arguments - got (tuple, int), but expected one of:\n * (int source, int destination)\n      didn't match because some of the arguments have invalid types: (!tuple of (int, int)!, int)\n * (tuple of ints source, tuple of ints destination)\n      didn't match because some of the arguments have invalid types: (!tuple of (int, int)!, !int!)\n")),
    ('x.moveaxis(0, 5)', IndexError('Dimension out of range (expected to be in range of [-3, 2], but got 5)')),
    ('x.moveaxis((0, 0), (1, 2))', RuntimeError('movedim: repeated dim in `source` ([0, 0])')),
    ('x.moveaxis(source=0)', TypeError('moveaxis() received an invalid combination of arguments - got (source=int, ), but expected one of:\n * (int source, int destination)\n * (tuple of ints source, tuple of ints destination)\n')),
    ('x.moveaxis(source=0, destination=1, foo=2)', TypeError('moveaxis() received an invalid combination of arguments - got (foo=int, destination=int, source=int, ), but expected one of:\n * (int source, int destination)\n * (tuple of ints source, tuple of ints destination)\n')),
    ('x.view_as(1)', TypeError("view_as(): argument 'other' (position 1) must be Tensor, not int")),
    ('x.view_as(other=1)', TypeError("view_as(): argument 'other' must be Tensor, not int")),
    ('x.view_as(x, foo=1)', TypeError("view_as() got an unexpected keyword argument 'foo'")),
    ('x.view_as(foo=1)', TypeError('view_as() missing 1 required positional arguments: "other"')),
    ('x.reshape_as(torch.ones(4, 6))', ((4, 6), (6, 1), 0)),
    ('x.reshape_as(torch.ones(5))', RuntimeError("shape '[5]' is invalid for input of size 24")),
    ('x.reshape_as(None)', TypeError("reshape_as(): argument 'other' (position 1) must be Tensor, not NoneType")),
    ('m.H', ((3, 2), (1, 3), 0)),
    ('x.mH', ((2, 4, 3), (12, 1, 4), 0)),
    ('torch.tensor(2.).mH', ((), (), 0)),
    ('torch.ones(2, 3, dtype=torch.int64).H', ((3, 2), (1, 3), 0)),
    ('torch.ones(2, 3, dtype=torch.bool).mH', ((3, 2), (1, 3), 0)),
    ('torch.ones(2, 3, dtype=torch.bool).imag', TypeError('imag is not implemented for tensors with non-complex dtypes.')),
    ('torch.ones(2, 3, dtype=torch.float16).real', ((2, 3), (3, 1), 0)),
    ('torch.ones(2, 3, dtype=torch.bfloat16).imag', TypeError('imag is not implemented for tensors with non-complex dtypes.')),
    ('torch.reshape(input=x, shape=24)', TypeError("reshape(): argument 'shape' must be tuple of ints, not int")),
    ('torch.reshape(x, shape=(24,), foo=1)', TypeError("reshape() got an unexpected keyword argument 'foo'")),
    ('torch.hsplit(input=x, sections=0.5)', TypeError("hsplit() received an invalid combination of arguments - got (sections=float, input=Tensor, ), but expected one of:\n * (Tensor input, int sections)\n      didn't match because some of the arguments have invalid types: (input=Tensor, !sections=float!, )\n * (Tensor input, tuple of ints indices)\n      didn't match because some of the keywords were incorrect: sections\n")),
    ('torch.tensor_split(x, dim=1, foo=3, bar=4, baz=5)', TypeError('tensor_split() received an invalid combination of arguments - got (Tensor, baz=int, foo=int, bar=int, dim=int), but expected one of:\n * (Tensor input, tuple of ints indices, int dim = 0)\n * (Tensor input, Tensor tensor_indices_or_sections, int dim = 0)\n * (Tensor input, int sections, int dim = 0)\n')),
    ('torch.tensor_split(x, alpha=1, beta=2, gamma=3, delta=4, eps=5, zeta=6, eta=7, theta=8, iota=9, kappa=10, lam=11, mu=12, nu=13, xi=14, omicron=15)', TypeError('tensor_split() received an invalid combination of arguments - got (Tensor, omicron=int, xi=int, alpha=int, zeta=int, gamma=int, iota=int, eps=int, eta=int, kappa=int, beta=int, theta=int, delta=int, lam=int, mu=int, nu=int), but expected one of:\n * (Tensor input, tuple of ints indices, int dim = 0)\n * (Tensor input, Tensor tensor_indices_or_sections, int dim = 0)\n * (Tensor input, int sections, int dim = 0)\n')),
    ('torch.squeeze(x, dim=(0,), foo=1)', TypeError('squeeze() received an invalid combination of arguments - got (Tensor, foo=int, dim=tuple), but expected one of:\n * (Tensor input)\n * (Tensor input, int dim)\n * (Tensor input, tuple of ints dim)\n')),
    ('torch.movedim(input=x, source=[0], destination=(0.5,))', TypeError("movedim() received an invalid combination of arguments - got (destination=tuple, source=list, input=Tensor, ), but expected one of:\n * (Tensor input, int source, int destination)\n      didn't match because some of the arguments have invalid types: (input=Tensor, !source=list of [int]!, !destination=tuple of (float,)!, )\n * (Tensor input, tuple of ints source, tuple of ints destination)\n      didn't match because some of the arguments have invalid types: (input=Tensor, !source=list of [int]!, !destination=tuple of (float,)!, )\n")),
    ('torch.movedim(x, (), 1)', TypeError("movedim() received an invalid combination of arguments - got (Tensor, tuple, int), but expected one of:\n * (Tensor input, int source, int destination)\n      didn't match because some of the arguments have invalid types: (Tensor, !tuple of ()!, int)\n * (Tensor input, tuple of ints source, tuple of ints destination)\n      didn't match because some of the arguments have invalid types: (Tensor, !tuple of ()!, !int!)\n")),
    ('torch.moveaxis(x, (0,), 1)', TypeError("moveaxis() received an invalid combination of arguments - got (Tensor, tuple, int), but expected one of:\n * (Tensor input, int source, int destination)\n      didn't match because some of the arguments have invalid types: (Tensor, !tuple of (int,)!, int)\n * (Tensor input, tuple of ints source, tuple of ints destination)\n      didn't match because some of the arguments have invalid types: (Tensor, !tuple of (int,)!, !int!)\n")),
    ('torch.diagonal(x, dim1=1, dim2=2)', ((2, 3), (12, 5), 0)),
    ('torch.diagonal(x, 1, dim1=1, dim2=2)', ((2, 3), (12, 5), 1)),
    ('torch.diagonal(x, offset=-1, dim1=-1, dim2=-2)', ((2, 3), (12, 5), 1)),
    ('torch.unflatten(x, 1, ())', RuntimeError('unflatten: sizes must be non-empty')),
    ('torch.unflatten(x, -1, (2, -1))', ((2, 3, 2, 2), (12, 4, 2, 1), 0)),
    ('torch.unflatten(x, 1, (2, 2))', RuntimeError("unflatten: Provided sizes [2, 2] don't multiply up to the size of dim 1 (3) in the input tensor")),
    ('torch.flatten(x, 2, 0)', RuntimeError('flatten() has invalid args: start_dim cannot come after end_dim')),
    ('torch.flatten(x, -1, -1)', ((2, 3, 4), (12, 4, 1), 0)),
    ('torch.as_strided(x, [2, 2], [1, 2], 23)', RuntimeError('setStorage: sizes [2, 2], strides [1, 2], storage offset 23, and itemsize 4 requiring a storage size of 108 are out of bounds for storage of size 96')),
    ('torch.as_strided(x, [2, 2], [1, 2], 30)', RuntimeError('setStorage: sizes [2, 2], strides [1, 2], storage offset 30, and itemsize 4 requiring a storage size of 136 are out of bounds for storage of size 96')),
    ('torch.as_strided(x, [2, 2], [1])', RuntimeError('mismatch in length of strides and shape')),
    ('torch.as_strided(x, [2], [-1])', RuntimeError('as_strided: Negative strides are not supported at the moment, got strides: [-1]')),
    ('torch.chunk(x, 0)', RuntimeError('chunk expects `chunks` to be greater than 0, got: 0')),
    ('torch.chunk(x, 5, 2)', [((2, 3, 1), (12, 4, 1), 0), ((2, 3, 1), (12, 4, 1), 1), ((2, 3, 1), (12, 4, 1), 2), ((2, 3, 1), (12, 4, 1), 3)]),
    ('torch.chunk(x, chunks=2, dim=-1)', [((2, 3, 2), (12, 4, 1), 0), ((2, 3, 2), (12, 4, 1), 2)]),
    ('torch.select(x, 2, -1)', ((2, 3), (12, 4), 3)),
    ('torch.select(x, 2, 4)', IndexError('select(): index 4 out of range for tensor of size [2, 3, 4] at dimension 2')),
    ('torch.select(x, dim=-1, index=torch.tensor(1))', ((2, 3), (12, 4), 1)),
    ('torch.t(m)', ((3, 2), (1, 3), 0)),
    ('torch.t(torch.ones(3))', ((3,), (1,), 0)),
    ('torch.t(torch.tensor(1.))', ((), (), 0)),
    ('torch.swapaxes(x, -1, 0)', ((4, 3, 2), (1, 4, 12), 0)),
    ('torch.swapdims(x, dim1=2, dim0=0)', ((4, 3, 2), (1, 4, 12), 0)),
    ('torch.transpose(x, 0, 3)', IndexError('Dimension out of range (expected to be in range of [-3, 2], but got 3)')),
    ('torch.unsqueeze(x, -4)', ((1, 2, 3, 4), (24, 12, 4, 1), 0)),
    ('torch.unsqueeze(x, 4)', IndexError('Dimension out of range (expected to be in range of [-4, 3], but got 4)')),
    ('torch.unsqueeze(x, 5)', IndexError('Dimension out of range (expected to be in range of [-4, 3], but got 5)')),
    ('torch.permute(x, (2, 0, 1))', ((4, 2, 3), (1, 12, 4), 0)),
    ('torch.permute(x, [2, 0, 0])', RuntimeError('permute(): duplicate dims are not allowed.')),
    ('torch.permute(x, dims=[2, 1, 0], input=x)', TypeError("permute() got multiple values for argument 'input'")),
    ('torch.reshape(x, (-1, 6))', ((4, 6), (6, 1), 0)),
    ('torch.reshape(x, (-1, -1))', RuntimeError('only one dimension can be inferred')),
    ('torch.reshape(x.transpose(0, 1), (6, 4))', ((6, 4), (4, 1), 0)),
    ('torch.squeeze(torch.ones(1, 2, 1), (0, 2))', ((2,), (1,), 0)),
    ('torch.squeeze(torch.ones(1, 2, 1), [-1])', ((1, 2), (2, 1), 0)),
    ('torch.squeeze(torch.ones(1, 2, 1), (0, 0))', RuntimeError('dim 0 appears multiple times in the list of dims')),
    ('torch.clone(x.transpose(0, 2))', ((4, 3, 2), (1, 4, 12), 0)),
    ('torch.clone(x.transpose(0, 2), memory_format=torch.contiguous_format)', ((4, 3, 2), (6, 2, 1), 0)),
    ("torch.clone(x, memory_format='a')", TypeError("clone(): argument 'memory_format' must be oxtorch.memory_format, not str")),
    ('torch.clone(x, None)', TypeError('clone() takes 1 positional argument but 2 were given')),
]


@pytest.mark.parametrize("expr,expected", CASES, ids=[c[0] for c in CASES])
def test_case(expr, expected):
    names = env()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if isinstance(expected, Exception):
            with raises(type(expected), str(expected)):
                eval(expr, names)  # noqa: S307 - the table's own expressions
        else:
            assert geometry(eval(expr, names)) == expected  # noqa: S307


# ----- the function forms call the methods: same objects, same values, shared storage -----


def test_function_forms_return_what_the_methods_return():
    t = torch.ones(3)
    assert torch.flatten(t) is t  # the method returns self for a 1-dim tensor, as PyTorch's
    assert torch.t(t) is not t and torch.squeeze(t) is not t
    x = torch.arange(24.0).reshape(2, 3, 4)
    v = torch.select(x, 1, 2)
    v[0, 0] = -1
    assert x[0, 2, 0].item() == -1
    assert [p.tolist() for p in torch.tensor_split(torch.arange(7), 3)] == [[0, 1, 2], [3, 4], [5, 6]]
    assert torch.unbind(torch.tensor([[1, 2], [3, 4]]), 1)[1].tolist() == [2, 4]
    assert torch.clone(torch.ones(2, 3, 4, 5), memory_format=torch.channels_last).stride() == (60, 1, 15, 3)
    assert torch.narrow(x, 2, torch.tensor(1), 2).tolist()[1][0] == [13.0, 14.0]


def test_split_is_python_functions():
    x = torch.arange(24.0).reshape(2, 3, 4)
    with raises(TypeError, "split() missing 1 required positional argument: 'split_size_or_sections'"):
        torch.split(x)
    with raises(TypeError, "split() got an unexpected keyword argument 'input'"):
        torch.split(input=x, split_size_or_sections=2)
    with raises(TypeError, "split() takes from 2 to 3 positional arguments but 4 were given"):
        torch.split(x, 1, 0, 1)
    with raises(AttributeError, "'int' object has no attribute 'split'"):
        torch.split(1, 1)
    with raises(TypeError, "Tensor.split() takes from 2 to 3 positional arguments but 4 were given"):
        x.split(1, 2, 3)
    with raises(TypeError, "Tensor.split() missing 1 required positional argument: 'split_size'"):
        x.split(dim=1)
    with raises(TypeError, "Tensor.split() got multiple values for argument 'split_size'"):
        x.split(1, split_size=2)
    with raises(TypeError, "Tensor.split() got an unexpected keyword argument 'split_size_or_sections'"):
        x.split(split_size_or_sections=2)
    assert geometry(x.split(torch.tensor(2), 1)) == [((2, 2, 4), (12, 4, 1), 0), ((2, 1, 4), (12, 4, 1), 8)]


# ----- in-place views -----


def test_in_place_views_change_this_object_only():
    base = torch.arange(6.0).reshape(2, 3)
    v = base[:, 1:]
    earlier = v.unsqueeze(0)
    assert v.t_() is v
    assert geometry(v) == ((2, 2), (1, 3), 1) and v._is_view()
    assert geometry(earlier) == ((1, 2, 2), (6, 3, 1), 1)
    assert geometry(base) == ((2, 3), (3, 1), 0)
    v[1, 0] = 100  # storage shared: row 0, column 2 of base
    assert base.tolist() == [[0.0, 1.0, 100.0], [3.0, 4.0, 5.0]]
    t = torch.ones(2, 3)
    assert t.transpose_(dim0=1, dim1=0) is t and geometry(t) == ((3, 2), (1, 3), 0) and not t._is_view()
    assert t.swapaxes_(0, 1) is t and geometry(t) == ((2, 3), (3, 1), 0)
    assert t.swapdims_(dim0=0, dim1=1) is t and geometry(t) == ((3, 2), (1, 3), 0)
    with raises(TypeError, 'swapaxes_() missing 2 required positional argument: "axis0", "axis1"'):
        t.swapaxes_(dim0=0, dim1=1)
    u = torch.ones(1, 2, 1)
    assert u.squeeze_(0, 2) is u and geometry(u) == ((2,), (1,), 0)
    assert u.unsqueeze_(-1) is u and geometry(u) == ((2, 1), (1, 1), 0)
    assert u.squeeze_() is u and geometry(u) == ((2,), (1,), 0)
    a = torch.arange(6.0)
    assert a.as_strided_((2, 2), (1, 2), 1) is a
    assert a.tolist() == [[1.0, 3.0], [2.0, 4.0]] and a.storage_offset() == 1
    assert torch.as_strided_(a, (3,), (2,)) is a and a.tolist() == [1.0, 3.0, 5.0]
    with raises(RuntimeError, "setStorage: sizes [2, 2], strides [1, 2], storage offset 7, and itemsize 4 requiring "
                "a storage size of 44 are out of bounds for storage of size 24"):
        a.as_strided_((2, 2), (1, 2), 7)
    assert geometry(a) == ((3,), (2,), 1)  # unchanged by the failed call


def test_in_place_views_errors():
    x = torch.arange(24.0).reshape(2, 3, 4)
    with raises(RuntimeError, "t_() expects a tensor with <= 2 dimensions, but self is 3D"):
        x.t_()
    with raises(TypeError, "Tensor.t_() takes no arguments (1 given)"):  # PyTorch's class there is TensorBase
        x.t_(1)
    with raises(TypeError, "transpose_() takes 2 positional arguments but 3 were given"):
        x.transpose_(0, 1, 2)
    with raises(IndexError, "Dimension out of range (expected to be in range of [-4, 3], but got 4)"):
        x.unsqueeze_(4)
    with raises(RuntimeError, "dim 0 appears multiple times in the list of dims"):
        torch.ones(1, 2).squeeze_((0, 0))
    with raises(RuntimeError, "as_strided: Negative strides are not supported at the moment, got strides: [1, -2]"):
        torch.ones(6).as_strided_((2, 2), (1, -2))
    assert geometry(x) == ((2, 3, 4), (12, 4, 1), 0)


def test_in_place_views_of_sparse_tensors():
    s = torch.ones(2, 3).to_sparse()
    assert s.t_() is s and tuple(s.shape) == (3, 2) and s.to_dense().tolist() == [[1.0, 1.0]] * 3
    assert s.transpose_(1, 0) is s and tuple(s.shape) == (2, 3)
    assert s.swapaxes_(0, 1) is s and tuple(s.shape) == (3, 2)
    with raises(RuntimeError, "t_() expects a tensor with <= 2 sparse and 0 dense dimensions, but got 2 sparse and "
                "1 dense dimensions"):
        torch.ones(2, 3, 2).to_sparse(2).t_()
    with raises(IndexError, "Dimension out of range (expected to be in range of [-2, 1], but got 5)"):
        torch.ones(1, 3).to_sparse().squeeze_(5)
    with raises(NotImplementedError, "Could not run 'aten::as_strided_' with arguments from the 'SparseCPU' backend."):
        torch.ones(1, 3).to_sparse().squeeze_(0)


# ----- real, imag, H, mH -----


def test_real_and_imag_share_storage():
    z = torch.tensor([[1 + 2j, 3 - 4j, 5j], [-1j, 2 + 0j, 1 + 1j]])
    re_, im = z.real, z.imag
    assert (re_.dtype, im.dtype) == (torch.float32, torch.float32)
    assert geometry(re_) == ((2, 3), (6, 2), 0) and geometry(im) == ((2, 3), (6, 2), 1)
    assert re_._is_view() and not re_.is_contiguous()
    assert geometry(z.t().imag) == ((3, 2), (2, 6), 1) and geometry(z[:, 1:].imag) == ((2, 2), (6, 2), 3)
    assert torch.zeros(2, dtype=torch.complex128).imag.dtype == torch.float64
    re_[0, 0] = 100
    im.fill_(7)
    assert z.tolist() == [[100 + 7j, 3 + 7j, 7j], [7j, 2 + 7j, 1 + 7j]]
    z.real = torch.tensor([9.0, 8.0, 7.0])
    z.imag = 5
    assert z.tolist() == [[9 + 5j, 8 + 5j, 7 + 5j], [9 + 5j, 8 + 5j, 7 + 5j]]
    with raises(TypeError, "can't assign a str to a oxtorch.FloatTensor"):
        z.imag = "a"
    with raises(RuntimeError, "The size of tensor a (3) must match the size of tensor b (4) at non-singleton "
                "dimension 1"):
        z.real = torch.ones(4)
    x = torch.ones(2)
    assert x.real is x
    x.real = torch.tensor([3.0, 4.0])
    assert x.tolist() == [3.0, 4.0]
    with raises(TypeError, "imag is not implemented for tensors with non-complex dtypes."):
        x.imag  # noqa: B018
    with raises(TypeError, "imag is not implemented for tensors with non-complex dtypes."):
        x.imag = 1.0
    s = torch.ones(2, 3).to_sparse()
    assert s.real is s
    with raises(TypeError, "imag is not implemented for tensors with non-complex dtypes."):
        s.imag  # noqa: B018


def test_conjugate_transposes():
    m = torch.arange(6.0).reshape(2, 3)
    assert geometry(m.H) == ((3, 2), (1, 3), 0) and geometry(m.mH) == ((3, 2), (1, 3), 0)
    m.H[0, 1] = -1  # a real tensor's H is a view
    assert m[1, 0].item() == -1
    assert geometry(torch.ones(2, 3, 4).mH) == ((2, 4, 3), (12, 1, 4), 0)
    with raises(RuntimeError, "tensor.H is only supported on matrices (2-D tensors). Got 3-D tensor. For batches of "
                "matrices, consider using tensor.mH"):
        torch.ones(2, 3, 4).H  # noqa: B018
    with raises(RuntimeError, "tensor.H is only supported on matrices (2-D tensors). Got 1-D tensor."):
        torch.ones(3).H  # noqa: B018
    with raises(RuntimeError, "tensor.mH is only supported on matrices or batches of matrices. Got 1-D tensor."):
        torch.ones(3).mH  # noqa: B018
    z = torch.tensor([[1 + 2j, 3 - 4j, 5j], [-1j, 2 + 0j, 1 + 1j]])
    h = z.H
    assert h.tolist() == [[1 - 2j, 1j], [3 + 4j, 2 - 0j], [-5j, 1 - 1j]]
    assert geometry(h) == ((3, 2), (1, 3), 0)
    # H of a complex tensor is a view with the conjugate bit: a write stores the conjugate into z
    assert h.is_conj() and z.mH.is_conj() and not z.is_conj()
    h[0, 0] = 1j
    assert z[0, 0].item() == -1j
    assert z.mH.tolist() == h.tolist()
    t = torch.tensor(1.5)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert t.H is t and t.mH is t
        assert torch.tensor(1 + 2j).H.item() == 1 - 2j
    s = torch.tensor([[0.0, 1.0, 0.0], [2.0, 0.0, 3.0]]).to_sparse()
    assert s.H.to_dense().tolist() == [[0.0, 2.0], [1.0, 0.0], [0.0, 3.0]]


def test_zero_dim_conjugate_transposes_warn():
    # warned once per process (PyTorch's TORCH_WARN_ONCE): another test may have used them already
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch.tensor(1.0).H  # noqa: B018
        torch.tensor(1.0).mH  # noqa: B018
    for w in caught:
        assert str(w.message) in (
            "Tensor.H is deprecated on 0-D tensors. Consider using x.conj().",
            "Tensor.mH is deprecated on 0-D tensors. Consider using x.conj().",
        )


# ----- the split family -----


def test_split_pieces_are_views():
    x = torch.arange(24.0).reshape(2, 3, 4)
    for parts in (x.tensor_split(3, 2), x.hsplit(3), x.unbind(1), x.split_with_sizes([1, 2], 1), x.vsplit([1])):
        assert all(p._is_view() for p in parts)
    for parts in (x.unsafe_split(2, 1), x.unsafe_split_with_sizes([1, 2], 1)):
        assert not any(p._is_view() for p in parts)
    pieces = x.tensor_split(torch.tensor([1, 3]), 2)
    pieces[1].fill_(-1)
    assert x[0, 0].tolist() == [0.0, -1.0, -1.0, 3.0]
    assert [t.tolist() for t in torch.tensor([[1, 2], [3, 4]]).unbind()] == [[1, 2], [3, 4]]
    s = torch.tensor([[0.0, 1.0, 0.0], [2.0, 0.0, 3.0]]).to_sparse()
    assert [t.to_dense().tolist() for t in s.unbind(1)] == [[0.0, 2.0], [1.0, 0.0], [0.0, 3.0]]


def test_global_tensors_are_refused_as_by_the_neighbouring_methods():
    x = torch.ones(2, 3, placement=torch.placement("cpu", ranks=[0]), sbp=torch.sbp.broadcast)
    assert x.real is x
    with raises(TypeError, "imag is not implemented for tensors with non-complex dtypes."):
        x.imag  # noqa: B018
    for use in (lambda: x.t_(), lambda: x.H, lambda: torch.reshape(x, (6,)), lambda: x.unbind(),
                lambda: x.tensor_split(2), lambda: x.swapaxes(0, 1), lambda: x.view_as(x)):
        with pytest.raises(RuntimeError, match="^this operation is not supported for global tensors yet"):
            use()
