# bindings/python/tests/conftest.py - import the package from this checkout (bindings/python)
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
