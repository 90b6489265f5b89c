"""`python -m capeworks` runs the CLI."""

from capeworks.cli.launch import main

main()
