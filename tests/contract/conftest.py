"""The contract tests read the catalogue and the rule texts in ../shared/rules/, a folder that
lies beside the repository in CI. `make test` does not collect them; `make test-contract` does."""

from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[3] / "shared" / "rules"

if not (SHARED / "catalogue.md").is_file():
    raise pytest.UsageError(
        f"The contract tests need the shared rules folder beside the repository ({SHARED})."
    )
