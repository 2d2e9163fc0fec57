/**
 * Agreement cancellation as a model of the spec, over generated sequences on fresh agreements (ability
 * `fixtures`): an active agreement is cancelled with no body, with or without the optional
 * `x-platform-id` header and numeric `client.id` query; an id nobody issued answers the documented 404.
 * What a cancelled agreement becomes the spec does not say: cancelling it again may succeed again or be
 * refused, but only with one of the endpoint's documented errors. Needs 'destructive' (the endpoint is
 * destructive) and 'fixtures': each sequence uses up agreements, which only a target that makes them can
 * lend in numbers.
 */
import fc from 'fast-check';
import { documentedError, type RequirementId } from '../../../lib/requirements/index.ts';
import type { TargetConfig } from '../../../lib/target.ts';
import { stopWhereLentResourceUsedUp } from '../../support/account-ids.ts';
import { declarationsFor } from '../../support/declare.ts';
import { test } from '../../support/fixtures.ts';
import {
  expectDocumentedError,
  expectSuccess,
  expectTakenOrRefused,
  expectThat,
  type CaseContext,
} from '../../support/expectations.ts';
import { checkModel, command, quietClient } from '../../support/property-runner.ts';
import { unknownHexId } from '../../support/lookups.ts';
import { fail } from '../../support/outcome.ts';
import { failure } from '../../../run/typed-failure.ts';
import { describeBody } from '../../support/checks.ts';

const declare = declarationsFor('cancel-agreement');
const NOT_FOUND = documentedError('cancel-agreement.error.404-not-found');
const BAD_REQUEST = documentedError('cancel-agreement.error.400-bad-request');
const ERRORS_LISTED: RequirementId = 'cancel-agreement.errors-listed';
const CANCELS: RequirementId = 'cancel-agreement.route';
const NO_BODY: RequirementId = 'cancel-agreement.no-body';
const SEQUENCES = 8;
const MAX_COMMANDS = 8;
const MAX_AGREEMENTS = 3;
const PLATFORM_ID = 'payments-conformance-suite';

interface AgreementModel {
  cancelled: boolean[];
}
interface AgreementReal {
  context: CaseContext;
  config: TargetConfig;
  ids: string[];
}
type AgreementCommand = fc.AsyncCommand<AgreementModel, AgreementReal, false>;

class CreateAgreement implements AgreementCommand {
  check = (m: Readonly<AgreementModel>) => m.cancelled.length < MAX_AGREEMENTS;
  async run(m: AgreementModel, r: AgreementReal) {
    const response = await r.context.client.createFixture('agreement');
    const id = (response.body as { id?: unknown } | undefined)?.id;
    if (response.status !== 201 || typeof id !== 'string') {
      fail(
        failure({
          kind: 'ability-broken',
          seen: `the target claims 'fixtures', but POST /__control/fixtures {"kind": "agreement"} answered ${response.status}`,
        }),
      );
    }
    r.ids.push(id);
    m.cancelled.push(false);
  }
  toString = () => 'create an agreement';
}

interface CancelOptions {
  clientId: boolean;
  platformId: boolean;
}

class Cancel implements AgreementCommand {
  private label = 'cancel';
  constructor(
    private readonly pick: number,
    private readonly options: CancelOptions,
  ) {}
  check = (m: Readonly<AgreementModel>) => m.cancelled.length > 0;
  async run(m: AgreementModel, r: AgreementReal) {
    const index = m.cancelled.length - 1 - (this.pick % m.cancelled.length);
    const numericClientId = /^\d+$/.test(r.config.clientId);
    const withClientId = this.options.clientId && numericClientId;
    const how = [withClientId && 'client.id', this.options.platformId && 'x-platform-id'].filter(Boolean);
    const wasCancelled = m.cancelled[index]!;
    this.label = `cancel agreement #${index + 1}${wasCancelled ? ' (cancelled)' : ''}${how.length ? ` with ${how.join(' and ')}` : ''}`;
    const response = await r.context.client.cancelAgreement(r.ids[index]!, {
      ...(withClientId ? { clientId: r.config.clientId } : {}),
      ...(this.options.platformId ? { platformId: PLATFORM_ID } : {}),
    });
    // Gone (404), kept and cancelled again (a success), or refused as already cancelled (400): each reads
    // the spec, which lists the errors and says nothing of a cancelled agreement.
    if (wasCancelled)
      return expectTakenOrRefused(r.context, response, {
        basis: ERRORS_LISTED,
        documented: [NOT_FOUND, BAD_REQUEST],
      });
    // x-platform-id's values are left open: a server may refuse one it does not know with its 400, and
    // the agreement stays active.
    if (this.options.platformId && response.status === BAD_REQUEST.status)
      return expectDocumentedError(response, BAD_REQUEST);
    stopWhereLentResourceUsedUp('agreement', r.ids[index]!, response);
    expectSuccess(response, CANCELS);
    expectThat(response.text === '', NO_BODY, `the answer has a body: ${describeBody(response)}`, 'no body');
    m.cancelled[index] = true;
  }
  toString = () => this.label;
}

class CancelUnknown implements AgreementCommand {
  check = () => true;
  async run(_m: AgreementModel, r: AgreementReal) {
    expectDocumentedError(await r.context.client.cancelAgreement(unknownHexId()), NOT_FOUND);
  }
  toString = () => 'cancel an agreement nobody issued';
}

const COMMANDS: fc.Arbitrary<AgreementCommand>[] = [
  command(() => new CreateAgreement()),
  command(() => new CreateAgreement()),
  fc
    .tuple(fc.nat({ max: 3 }), fc.record({ clientId: fc.boolean(), platformId: fc.boolean() }))
    .map(([pick, options]) => new Cancel(pick, options)),
  fc
    .tuple(fc.nat({ max: 3 }), fc.record({ clientId: fc.boolean(), platformId: fc.boolean() }))
    .map(([pick, options]) => new Cancel(pick, options)),
  command(() => new CancelUnknown()),
];

test.describe('DELETE /v2/wallet_connect/agreements/{agreement_id} (model)', () => {
  test(
    'cancellations follow the spec over generated sequences: an active agreement is cancelled, a cancelled one never fails',
    declare({
      requirements: [
        CANCELS,
        NO_BODY,
        NOT_FOUND.id,
        BAD_REQUEST.id,
        'cancel-agreement.path-agreement-id-string-required',
        'cancel-agreement.header-x-platform-id-optional',
        'cancel-agreement.query-client-id-number-optional',
        ERRORS_LISTED,
      ],
      needs: ['fixtures'],
      generative: true,
    }),
    async ({ api, config, target, recordParameters }, testInfo) => {
      await checkModel<AgreementModel, AgreementReal>({
        testInfo,
        api,
        quiet: quietClient(testInfo, config, target),
        recordParameters,
        property:
          'cancellations follow the model: active ones succeed with no body, cancelled ones succeed or are refused as documented, unknown ones are 404',
        basis: NOT_FOUND.id,
        commands: COMMANDS,
        maxCommands: MAX_COMMANDS,
        defaultRuns: SEQUENCES,
        setup: (context) => Promise.resolve({ model: { cancelled: [] }, real: { context, config, ids: [] } }),
      });
    },
  );
});
