#!/usr/bin/env bash
# The README's second command: install everything (system packages, npm packages) and run every
# test: typecheck, lint, build, unit, integration and browser journeys.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-system.sh
npm ci --no-audit --no-fund
npm test
