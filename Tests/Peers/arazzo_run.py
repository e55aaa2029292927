"""Runs one Arazzo workflow with arazzo-runner (pinned in requirements.txt) and prints its result as
one line of JSON: {"error", "outputs", "status"}. ArazzoPeerTests compares it with `netspec run`.

The `arazzo-runner execute-workflow` CLI calls the same `ArazzoRunner.execute_workflow` but prints
the result as a Python repr; this prints it as JSON, with the runner's logging off.

Usage: arazzo_run.py FILE WORKFLOW_ID INPUTS_JSON
"""
import json
import logging
import sys

from arazzo_runner import ArazzoRunner


def main() -> None:
    path, workflow, inputs = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
    logging.disable(logging.CRITICAL)
    result = ArazzoRunner.from_arazzo_path(path).execute_workflow(workflow, inputs)
    report = {"status": result.status.value, "outputs": result.outputs, "error": result.error}
    print(json.dumps(report, sort_keys=True, separators=(",", ":")))


if __name__ == "__main__":
    main()
