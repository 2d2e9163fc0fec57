/**
 * How the user started the run, so the commands the suite prints (a replay, a rerun of the failures)
 * are the ones they can paste: npm's script from a clone, the package's binary elsewhere. Workers
 * inherit npm's lifecycle variable, so the answer is the same in the runner and in every worker.
 */
export function runInvocation(env: NodeJS.ProcessEnv = process.env): string {
  return env.npm_lifecycle_event === 'conformance'
    ? 'npm run conformance --'
    : 'npx payments-conformance run';
}
