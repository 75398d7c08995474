// Preloaded into an app (node --require) by an end-to-end test: a process warning emitted before the
// app's own code runs, which must still come out as one of its JSON log lines.
process.emitWarning('emitted by the test before the app started', 'TestWarning');
