"""Decoding the tagged value encoding into Python values, with a loop instead of recursion.

Every container the document describes becomes one frame on a stack. A frame that can create its
container before its children (list, dict, map, plain object, chain) does so, so that a `$ref`
inside it can point back at it: that is how cycles are written. A tuple, a set or a model can only
be built from finished children; a `$ref` to one of them from inside it is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..pyjson.gc_paused import gc_paused
from .codec_error import CodecError, TypeScriptOnlyValue
from .codec_scalars import (
    TYPESCRIPT_ONLY_TAGS,
    Path,
    check_hashable,
    decode_bytes,
    decode_float,
    decode_int,
    equality_key,
    is_array_index,
)
from .plain_class import plain_class

_UNDER_CONSTRUCTION = object()

# The keys each tag allows beside itself.
_COMPANIONS: dict[str, frozenset[str]] = {
    "$float": frozenset(),
    "$int": frozenset(),
    "$map": frozenset(),
    "$bytes": frozenset(),
    "$tuple": frozenset(),
    "$set": frozenset(),
    "$model": frozenset({"fields"}),
    "$object": frozenset({"fields"}),
    "$id": frozenset({"value"}),
    "$ref": frozenset(),
    "$chain": frozenset(),
    "$literal": frozenset(),
    "$nullProto": frozenset(),
    "$undefined": frozenset(),
    "$hole": frozenset(),
    "$function": frozenset(),
    "$symbol": frozenset(),
    "$date": frozenset(),
    "$typedArray": frozenset({"values"}),
    "$toJSON": frozenset(),
}


class _Frame:
    """One container being decoded: its children come one by one, then `finish` gives the value."""

    # Whether its children are list items (the only place a `$hole` may stand).
    holds_items = False

    def __init__(self, path: Path, ids: list[str]) -> None:
        self.path = path
        self.ids = ids

    def next_child(self) -> tuple[Any, Path] | None:
        raise NotImplementedError

    def accept(self, value: Any) -> None:
        raise NotImplementedError

    def finish(self) -> Any:
        raise NotImplementedError


class _ListFrame(_Frame):
    holds_items = True

    def __init__(self, items: list[Any], out: Any, path: Path, ids: list[str]) -> None:
        super().__init__(path, ids)
        self.items = items
        self.index = 0
        self.out = out

    def next_child(self) -> tuple[Any, Path] | None:
        if self.index == len(self.items):
            return None
        self.index += 1
        return self.items[self.index - 1], (*self.path, self.index - 1)

    def accept(self, value: Any) -> None:
        self.out.append(value)

    def finish(self) -> Any:
        return self.out


class _BuiltListFrame(_ListFrame):
    """A tuple or a set: built from its finished items."""

    def __init__(self, items: list[Any], build: Callable[[list[Any], Path], Any], path: Path, ids: list[str]) -> None:
        super().__init__(items, [], path, ids)
        self.build = build
        self.holds_items = build is _build_tuple

    def finish(self) -> Any:
        return self.build(self.out, self.path)


class _DictFrame(_Frame):
    """A dict whose keys are taken as written: a plain object, `$literal` or `$nullProto`."""

    def __init__(self, entries: Mapping[str, Any], out: Any, path: Path, ids: list[str]) -> None:
        super().__init__(path, ids)
        self.entries = iter(entries.items())
        self.key: str | None = None
        self.out = out

    def next_child(self) -> tuple[Any, Path] | None:
        for key, value in self.entries:
            self.key = key
            return value, (*self.path, key)
        return None

    def accept(self, value: Any) -> None:
        self.out[self.key] = value

    def finish(self) -> Any:
        return self.out


class _MapFrame(_Frame):
    """`{"$map": [[key, value], ...]}`: keys are decoded values too."""

    def __init__(self, pairs: list[Any], out: dict[Any, Any], path: Path, ids: list[str]) -> None:
        super().__init__(path, ids)
        for index, pair in enumerate(pairs):
            if not isinstance(pair, list) or len(pair) != 2:
                raise CodecError("each $map entry is a [key, value] pair", (*path, index))
            check_hashable(pair[0], (*path, index, 0))
        self.pairs = pairs
        self.step = 0
        self.out = out
        self.key: Any = None
        self.seen: set[object] = set()

    def next_child(self) -> tuple[Any, Path] | None:
        if self.step == 2 * len(self.pairs):
            return None
        index, side = divmod(self.step, 2)
        self.step += 1
        return self.pairs[index][side], (*self.path, index, side)

    def accept(self, value: Any) -> None:
        if self.step % 2 == 1:
            path = (*self.path, self.step // 2, 0)
            key = equality_key(value, path)
            if key in self.seen:
                raise CodecError("this key equals an earlier key of the same $map in Python", path)
            self.seen.add(key)
            self.key = value
        else:
            self.out[self.key] = value

    def finish(self) -> Any:
        return self.out


class _FieldsFrame(_Frame):
    """`$model` (built from its finished fields) or `$object` (created first, fields set after)."""

    def __init__(self, fields: Mapping[str, Any], out: Any, build: Callable[[dict[str, Any]], Any] | None, path: Path, ids: list[str]) -> None:
        super().__init__(path, ids)
        self.entries = iter(fields.items())
        self.key = ""
        self.out = out
        self.values: dict[str, Any] = {}
        self.build = build

    def next_child(self) -> tuple[Any, Path] | None:
        for key, value in self.entries:
            self.key = key
            return value, (*self.path, "fields", key)
        return None

    def accept(self, value: Any) -> None:
        if self.build is None:
            setattr(self.out, self.key, value)
        else:
            self.values[self.key] = value

    def finish(self) -> Any:
        return self.out if self.build is None else self.build(self.values)


class _ChainFrame(_Frame):
    """`$chain`: the nested containers exist before the leaf, so the leaf may refer to them."""

    def __init__(self, top: Any, innermost: Any, key: str | None, leaf: Any, path: Path, ids: list[str]) -> None:
        super().__init__(path, ids)
        self.holds_items = key is None
        self.top = top
        self.innermost = innermost
        self.key = key
        self.leaf: tuple[Any, Path] | None = (leaf, (*path, "leaf"))

    def next_child(self) -> tuple[Any, Path] | None:
        leaf, self.leaf = self.leaf, None
        return leaf

    def accept(self, value: Any) -> None:
        if self.key is None:
            self.innermost.append(value)
        else:
            self.innermost[self.key] = value

    def finish(self) -> Any:
        return self.top


class _Decoder:
    def __init__(self, models: Mapping[str, type]) -> None:
        self.models = models
        self.named: dict[str, Any] = {}

    def run(self, document: Any) -> Any:
        stack: list[_Frame] = []
        value, frame = self.begin(document, (), [], in_list=False)
        if frame is None:
            return value
        stack.append(frame)
        while True:
            top = stack[-1]
            child = top.next_child()
            if child is not None:
                value, frame = self.begin(child[0], child[1], [], in_list=top.holds_items)
                if frame is not None:
                    stack.append(frame)
                    continue
                top.accept(value)
                continue
            stack.pop()
            value = top.finish()
            self.name(top.ids, value)
            if not stack:
                return value
            stack[-1].accept(value)

    def name(self, ids: list[str], value: Any) -> None:
        for name in ids:
            self.named[name] = value

    def begin(self, node: Any, path: Path, ids: list[str], *, in_list: bool) -> tuple[Any, _Frame | None]:
        """Decodes a scalar at once, or opens the frame of a container."""
        # `$id` wrappers are unwrapped in a loop: each name is given to the value inside.
        while True:
            if isinstance(node, list):
                out: list[Any] = []
                self.name(ids, out)
                return None, _ListFrame(node, out, path, ids)
            if not isinstance(node, dict):
                if node is None or isinstance(node, (bool, int, float, str)):
                    self.name(ids, node)
                    return node, None
                raise CodecError(f"{type(node).__name__} is not part of the encoding", path)
            tags = [key for key in node if key.startswith("$")]
            if not tags:
                out_dict: dict[str, Any] = {}
                self.name(ids, out_dict)
                return None, _DictFrame(node, out_dict, path, ids)
            tag = self.tag_of(node, tags, path)
            if tag == "$id":
                name = node["$id"]
                if not isinstance(name, str) or not name:
                    raise CodecError("$id takes a non-empty string", path)
                if name in self.named or name in ids:
                    raise CodecError(f"$id {name!r} is defined twice", path)
                if "value" not in node:
                    raise CodecError("$id needs a value", path)
                ids = [*ids, name]
                node = node["value"]
                path = (*path, "value")
                continue
            return self.begin_tagged(tag, node, path, ids, in_list)

    def tag_of(self, node: dict[str, Any], tags: list[str], path: Path) -> str:
        if len(tags) > 1:
            raise CodecError(f"an encoding has one $ key, found {', '.join(tags)}", path)
        tag = tags[0]
        companions = _COMPANIONS.get(tag)
        if companions is None:
            raise CodecError(f"unknown tag {tag} (write a literal object with $literal)", path)
        extra = sorted(set(node) - {tag} - companions)
        if extra:
            raise CodecError(f"{tag} does not take {', '.join(extra)}", path)
        return tag

    def begin_tagged(self, tag: str, node: dict[str, Any], path: Path, ids: list[str], in_list: bool) -> tuple[Any, _Frame | None]:
        body = node[tag]
        tag_path = (*path, tag)
        if tag in TYPESCRIPT_ONLY_TAGS:
            if tag == "$hole" and not in_list:
                raise CodecError("$hole stands only for an item of a list", path)
            raise TypeScriptOnlyValue(tag, path)
        if tag in ("$float", "$int", "$bytes", "$ref"):
            value = self.scalar(tag, body, tag_path)
            self.name(ids, value)
            return value, None
        if tag in ("$tuple", "$set", "$map"):
            if not isinstance(body, list):
                raise CodecError(f"{tag} takes a list", tag_path)
            if tag == "$map":
                out: dict[Any, Any] = {}
                self.name(ids, out)
                return None, _MapFrame(body, out, tag_path, ids)
            if tag == "$set":
                for index, item in enumerate(body):
                    check_hashable(item, (*tag_path, index))
            self.name(ids, _UNDER_CONSTRUCTION)
            return None, _BuiltListFrame(body, _build_tuple if tag == "$tuple" else _build_set, tag_path, ids)
        if tag in ("$literal", "$nullProto"):
            if not isinstance(body, dict):
                raise CodecError(f"{tag} takes an object", tag_path)
            if tag == "$nullProto" and any(is_array_index(key) for key in body):
                raise CodecError("$nullProto cannot hold array-index keys: an object reorders them", tag_path)
            literal: dict[str, Any] = {}
            self.name(ids, literal)
            return None, _DictFrame(body, literal, tag_path, ids)
        if tag in ("$model", "$object"):
            return None, self.begin_instance(tag, body, node.get("fields", {}), path, ids)
        return self.begin_chain(body, tag_path, ids)

    def scalar(self, tag: str, body: Any, path: Path) -> Any:
        if tag == "$float":
            return decode_float(body, path)
        if tag == "$int":
            return decode_int(body, path)
        if tag == "$bytes":
            return decode_bytes(body, path)
        if not isinstance(body, str) or body not in self.named:
            raise CodecError(f"$ref {body!r} names no $id defined before it", path)
        value = self.named[body]
        if value is _UNDER_CONSTRUCTION:
            raise CodecError(f"$ref {body!r} points into a tuple, set or model that contains it, which cannot be built", path)
        return value

    def begin_instance(self, tag: str, name: Any, fields: Any, path: Path, ids: list[str]) -> _Frame:
        if not isinstance(name, str) or not name:
            raise CodecError(f"{tag} takes a class name", (*path, tag))
        if not isinstance(fields, dict):
            raise CodecError("fields takes an object", (*path, "fields"))
        if tag == "$object":
            instance = plain_class(name)()
            self.name(ids, instance)
            return _FieldsFrame(fields, instance, None, path, ids)
        model = self.models.get(name)
        if model is None:
            raise CodecError(f"$model {name!r} is not a model of the case's declaration", (*path, tag))
        self.name(ids, _UNDER_CONSTRUCTION)
        return _FieldsFrame(fields, None, lambda values: _build_model(model, values, path), path, ids)

    def begin_chain(self, body: Any, path: Path, ids: list[str]) -> tuple[Any, _Frame | None]:
        if not isinstance(body, dict) or set(body) != {"depth", "key", "leaf"}:
            raise CodecError("$chain takes {depth, key, leaf}", path)
        depth, key = body["depth"], body["key"]
        if not isinstance(depth, int) or isinstance(depth, bool) or depth < 0:
            raise CodecError("$chain depth is an integer of at least 0", (*path, "depth"))
        if key is not None and not isinstance(key, str):
            raise CodecError("$chain key is a string, or null for lists", (*path, "key"))
        if depth == 0:
            return self.begin(body["leaf"], (*path, "leaf"), ids, in_list=False)
        top: Any = [] if key is None else {}
        innermost = top
        for _ in range(depth - 1):
            inner: Any = [] if key is None else {}
            if key is None:
                innermost.append(inner)
            else:
                innermost[key] = inner
            innermost = inner
        self.name(ids, top)
        return None, _ChainFrame(top, innermost, key, body["leaf"], path, ids)


def _build_tuple(items: list[Any], path: Path) -> tuple[Any, ...]:
    return tuple(items)


def _build_set(items: list[Any], path: Path) -> set[Any]:
    seen: set[object] = set()
    for index, item in enumerate(items):
        key = equality_key(item, (*path, index))
        if key in seen:
            raise CodecError("this member equals an earlier member of the same $set in Python", (*path, index))
        seen.add(key)
    return set(items)


def _build_model(model: type, values: dict[str, Any], path: Path) -> Any:
    # Fields are given by Python name, as an instance holds them, and validated as the class does.
    from pydantic import ValidationError

    try:
        return model.model_validate(values, by_alias=False, by_name=True)  # type: ignore[attr-defined]
    except ValidationError as error:
        raise CodecError(f"the fields of $model {model.__name__} do not validate: {error}", path) from error


def decode_value(document: Any, models: Mapping[str, type] | None = None) -> Any:
    """The Python value an encoded document stands for.

    `models` are the declared model classes a `$model` may name. Raises `CodecError` for a
    malformed document and `TypeScriptOnlyValue` for an encoding Python has no counterpart for.
    """
    with gc_paused():
        return _Decoder(models or {}).run(document)
