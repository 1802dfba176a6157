import fc from 'fast-check';

/**
 * Every property test of every project (jest `setupFilesAfterEnv`): a property that runs longer
 * than this is stopped and fails. Shrinking runs synchronously, so jest's own test timeout cannot
 * stop it; on a 2-core machine jest runs every file in one process, and one long shrink stalled a
 * whole CI run (a failing property of distributeVat shrank for over 15 minutes).
 */
fc.configureGlobal({ interruptAfterTimeLimit: 45_000, markInterruptAsFailure: true });
