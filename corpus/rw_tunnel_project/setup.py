"""Project file of the tunnel-kit shape: the demos/ scripts import the package beside them."""
from setuptools import setup

setup(name="tunnelkit", version="0.1", packages=["tunnelkit"])
