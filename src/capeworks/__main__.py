"""`python -m capeworks` runs the CLI."""

from capeworks.cli.app import main

main()
