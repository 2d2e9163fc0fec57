/**
 * A claim under mediation, as a model of what the spec states, over generated sequences of mediation
 * requests and reads of the claim: the first mediation request of an opened claim answers `status` and
 * `message`; the claim stays readable as a claim throughout (its id, a status of opened or closed).
 * What a second mediation request answers, and what mediation does to the claim's state, the spec does
 * not show ("Effect of a mediation request on the claim's state: not shown"): a second request is taken
 * or refused, never failed, and nothing else is asserted of them. Each sequence uses up a claim (declared: `uses: ['claim']`): fresh from `fixtures`, else
 * the next configured one (then one sequence only). Needs 'destructive' (the endpoint is destructive).
 */
import fc from 'fast-check';
import type { RequirementId } from '../../../lib/requirements/index.ts';
import { stopWhereLentResourceUsedUp } from '../../support/account-ids.ts';
import { declarationsFor } from '../../support/declare.ts';
import { test } from '../../support/fixtures.ts';
import {
  expectSchema,
  expectSuccess,
  expectTakenOrRefused,
  expectThat,
  type CaseContext,
} from '../../support/expectations.ts';
import { checkModel, command, quietClient } from '../../support/property-runner.ts';
import { createdFixtureId } from '../../support/control-fixtures.ts';
import { RESPONSE_REQUIREMENT } from '../../support/lookups.ts';

const declare = declarationsFor('open-dispute');
const MEDIATION: RequirementId = RESPONSE_REQUIREMENT['open-dispute'];
const CLAIM: RequirementId = RESPONSE_REQUIREMENT.claim;
const SEQUENCES = 8;
const MAX_COMMANDS = 6;

interface ClaimModel {
  disputed: boolean;
}
interface ClaimReal {
  context: CaseContext;
  claimId: string;
}
type ClaimCommand = fc.AsyncCommand<ClaimModel, ClaimReal, false>;

class Dispute implements ClaimCommand {
  private label = 'request mediation';
  check = () => true;
  async run(m: ClaimModel, r: ClaimReal) {
    this.label = m.disputed ? 'request mediation again' : 'request mediation';
    const response = await r.context.client.openDispute(r.claimId);
    // Again: what it answers is not shown, so it is taken or refused, never failed (a 5xx, a hang).
    if (m.disputed) return expectTakenOrRefused(r.context, response, { basis: MEDIATION });
    stopWhereLentResourceUsedUp('claim', r.claimId, response);
    expectSuccess(response, MEDIATION);
    expectSchema(r.context, response, 'mediation-response');
    m.disputed = true;
  }
  toString = () => this.label;
}

class ReadClaim implements ClaimCommand {
  private label = 'read the claim';
  check = () => true;
  async run(m: ClaimModel, r: ClaimReal) {
    this.label = m.disputed ? 'read the claim (in mediation)' : 'read the claim';
    const response = await r.context.client.getClaim(r.claimId);
    expectSuccess(response, CLAIM);
    expectSchema(r.context, response, 'claim');
    const id = (response.body as { id?: unknown }).id;
    expectThat(
      String(id) === r.claimId,
      CLAIM,
      `the claim read answered id ${JSON.stringify(id)}`,
      r.claimId,
    );
  }
  toString = () => this.label;
}

test.describe('POST /v1/claims/{claim_id}/actions/open_dispute (model)', () => {
  test(
    'a claim stays readable as a claim over generated sequences of mediation requests and reads',
    declare({
      requirements: [
        MEDIATION,
        CLAIM,
        'open-dispute.route',
        'open-dispute.path-claim-id-number-required',
        'open-dispute.no-request-body',
        'claim.route',
        'claim.path-claim-id-number-required',
      ],
      schemas: ['mediation-response', 'claim'],
      uses: ['claim'],
      generative: true,
    }),
    async ({ api, config, target, recordParameters, freshClaim }, testInfo) => {
      const fixtures = config.abilities.has('fixtures');
      await checkModel<ClaimModel, ClaimReal>({
        testInfo,
        api,
        // Without fixtures the one sequence runs on a configured claim it uses up: through the test's own
        // client, reported as it ran.
        quiet: fixtures ? quietClient(testInfo, config, target) : api,
        recordParameters,
        property: 'mediation answers status and message, and the claim stays readable',
        basis: CLAIM,
        commands: [command(() => new Dispute()), command(() => new ReadClaim())],
        maxCommands: MAX_COMMANDS,
        defaultRuns: SEQUENCES,
        ...(fixtures ? {} : { maxRuns: 1, shrinks: false }),
        setup: async (context) => {
          if (!fixtures) {
            // The one lent claim is used up whatever the sequence does: it opens with a mediation request,
            // so a sequence of reads alone never spends it without exercising the mediation.
            const lent = { model: { disputed: false }, real: { context, claimId: await freshClaim() } };
            await new Dispute().run(lent.model, lent.real);
            return lent;
          }
          const claimId = await createdFixtureId(context.client, 'claim');
          return { model: { disputed: false }, real: { context, claimId } };
        },
      });
    },
  );
});
