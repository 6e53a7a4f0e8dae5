// mocha's spec output, plus the run's counts written to $VERSO_TEST_RESULTS as JSON so the test
// runner can print one `N passed, N failed` line across every suite.
const fs = require('node:fs');
const Mocha = require('mocha');

class VersoReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const file = process.env.VERSO_TEST_RESULTS;
      if (!file) return;
      const s = runner.stats;
      fs.writeFileSync(file, JSON.stringify({ passed: s.passes, failed: s.failures, skipped: s.pending }));
    });
  }
}

module.exports = VersoReporter;
