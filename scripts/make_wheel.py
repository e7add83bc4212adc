"""Packs the oxtorch Python package and a built extension module into a wheel for one CPython version, for a
machine that cannot build it (scripts/gpu-check.sh). maturin needs the target interpreter to make a wheel; this
needs only the extension, built with PyO3's configuration for that version.

    python3 scripts/make_wheel.py <path of lib_C.so> <python version, e.g. 3.12> <output directory>
"""

import base64
import hashlib
import pathlib
import sys
import zipfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "crates" / "oxtorch-py" / "python" / "oxtorch"


def version():
    for line in (ROOT / "Cargo.toml").read_text().splitlines():
        if line.startswith("version"):
            return line.split('"')[1]
    raise SystemExit("no version in Cargo.toml")


def main():
    so, py, out = pathlib.Path(sys.argv[1]), sys.argv[2], pathlib.Path(sys.argv[3])
    tag = "cp" + py.replace(".", "")
    name = f"oxtorch-{version()}"
    wheel = out / f"{name}-{tag}-{tag}-linux_x86_64.whl"
    files = {f"oxtorch/{p.name}": p.read_bytes() for p in sorted(PACKAGE.iterdir()) if p.is_file() and p.suffix != ".so"}
    files[f"oxtorch/_C.cpython-{py.replace('.', '')}-x86_64-linux-gnu.so"] = so.read_bytes()
    info = f"{name}.dist-info"
    files[f"{info}/METADATA"] = f"Metadata-Version: 2.1\nName: oxtorch\nVersion: {version()}\nRequires-Dist: numpy>=1.22\n".encode()
    files[f"{info}/WHEEL"] = f"Wheel-Version: 1.0\nGenerator: oxtorch make_wheel.py\nRoot-Is-Purelib: false\nTag: {tag}-{tag}-linux_x86_64\n".encode()
    record = []
    for path, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(data)}")
    record.append(f"{info}/RECORD,,")
    files[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode()
    out.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as z:
        for path, data in files.items():
            z.writestr(path, data)
    print(wheel)


if __name__ == "__main__":
    main()
