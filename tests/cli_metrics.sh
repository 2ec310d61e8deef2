echo "cli_metrics: 0 passed, 0 failed"
