"""Veridict: verifiable answers over contracts.

This package holds what every layer shares: settings, domain types, the store
factory, embedded servers and the CLI.
"""

__version__ = "0.1.0"
