#!/usr/bin/env python3
"""Builds the wheel of the `rongwire` Python package with the library inside, with the standard
library only (a wheel is a zip file with three metadata files, PEP 427):

    python3 bindings/python/build_wheel.py --lib path/to/librongwire.so --out DIR

writes DIR/rongwire-VERSION-py3-none-linux_ARCH.whl: the package (bindings/python/rongwire), the
library as rongwire/librongwire.so, and bindings/python/README.md as its description. Nothing is
compiled at install time (`pip install rongwire-….whl`). tools/release/build.sh runs it with the
release library (Swift runtime inside, so the wheel needs only glibc's libraries).
"""

import argparse
import base64
import hashlib
import os
import platform
import re
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))


def package_version():
    text = open(os.path.join(HERE, "rongwire", "__init__.py"), encoding="utf-8").read()
    return re.search(r'^__version__ = "([^"]+)"$', text, re.M).group(1)


def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (name, digest, len(data))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lib", required=True, help="librongwire.so to bundle")
    parser.add_argument("--out", required=True, help="folder for the wheel")
    args = parser.parse_args()

    version = package_version()
    arch = platform.machine()
    tag = "py3-none-linux_" + arch
    dist_info = "rongwire-%s.dist-info" % version
    readme = open(os.path.join(HERE, "README.md"), encoding="utf-8").read()
    files = [
        ("rongwire/__init__.py", open(os.path.join(HERE, "rongwire", "__init__.py"), "rb").read(), 0o644),
        ("rongwire/librongwire.so", open(args.lib, "rb").read(), 0o755),
        (dist_info + "/METADATA", (
            "Metadata-Version: 2.1\n"
            "Name: rongwire\n"
            "Version: %s\n"
            "Summary: RongWire's content codec, envelope and NIM converter for the RongCloud IM protocol\n"
            "Requires-Python: >=3.8\n"
            "Description-Content-Type: text/markdown\n\n%s" % (version, readme)).encode("utf-8"), 0o644),
        (dist_info + "/WHEEL", (
            "Wheel-Version: 1.0\n"
            "Generator: rongwire bindings/python/build_wheel.py\n"
            "Root-Is-Purelib: false\n"
            "Tag: %s\n" % tag).encode("utf-8"), 0o644),
    ]
    record = "\n".join([record_line(n, d) for n, d, _ in files] + [dist_info + "/RECORD,,", ""])
    files.append((dist_info + "/RECORD", record.encode("utf-8"), 0o644))

    os.makedirs(args.out, exist_ok=True)
    path = os.path.join(args.out, "rongwire-%s-%s.whl" % (version, tag))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data, mode in files:
            info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
            info.external_attr = (0o100000 | mode) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    print(path)


if __name__ == "__main__":
    sys.exit(main())
