"""`python -m agent_system` works like the `agent-system` command."""

from agent_system.cli import main

if __name__ == "__main__":
    main()
