"""The companion's test kit (companion.testing): its `cli`, `db` and `scripted` fixtures,
and its contract tests over the game named in pyproject.toml (`companion_games`)."""

pytest_plugins = ["companion.testing"]
