/**
 * Prints one plain closing line, "Tests: N passed, N failed, N skipped", that CI tooling reads
 * regardless of the test runner; jest's own summary stays above it. With TEST_SUMMARY_FILE set, it
 * also appends the counts there as one JSON line, so scripts/test can total several jest runs.
 */
const fs = require('node:fs');

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const failedSuites = results.numRuntimeErrorTestSuites;
    const failed = results.numFailedTests + failedSuites;
    const passed = results.numPassedTests;
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
    const file = process.env.TEST_SUMMARY_FILE;
    if (file) fs.appendFileSync(file, `${JSON.stringify({ passed, failed, skipped })}\n`);
  }
}
module.exports = SummaryReporter;
