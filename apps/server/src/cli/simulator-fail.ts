/** A command line was not understood: the command prints its usage. */
export class UsageError extends Error {}

/**
 * `fail <step> <error code> [--after]` of the simulators' commands (npm run carrier, npm run usps):
 * checks the step and the code against the simulator's lists, queues the failure for every server,
 * and says what will happen.
 */
export async function failCommand<Step extends string, Code extends string>(
  lists: { steps: readonly Step[]; codes: readonly Code[] },
  step: string | undefined,
  code: string | undefined,
  after: boolean,
  failNextDurably: (step: Step, code: Code, options: { afterEffect: boolean }) => Promise<void>,
): Promise<string> {
  if (!step || !(lists.steps as readonly string[]).includes(step)) throw new UsageError(`fail needs a step: ${lists.steps.join(', ')}`);
  if (!code || !(lists.codes as readonly string[]).includes(code)) throw new UsageError(`fail needs an error code: ${lists.codes.join(', ')}`);
  await failNextDurably(step as Step, code as Code, { afterEffect: after });
  return `The next ${step} fails with ${code}${after ? ' after it is done' : ''}.`;
}
