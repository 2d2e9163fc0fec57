/**
 * The report schedule as a model of the spec's one state transition, over generated sequences of
 * schedule requests and configuration reads: after a schedule request, the configuration's `scheduled`
 * is true (release-report-schedule.effect-scheduled-true; nothing the spec shows sets it back), and each
 * request generates a report with its own id ("Unique report identifier", release-report.id-number).
 * Needs 'destructive' (the endpoint is destructive in lib/catalogue.ts).
 */
import fc from 'fast-check';
import type { RequirementId } from '../../../lib/requirements/index.ts';
import { declarationsFor } from '../../support/declare.ts';
import { test } from '../../support/fixtures.ts';
import {
  expectSchema,
  expectStatus,
  expectSuccess,
  expectThat,
  expectThatUnlessAllowed,
  type CaseContext,
} from '../../support/expectations.ts';
import { checkModel, command, quietClient } from '../../support/property-runner.ts';
import { RESPONSE_REQUIREMENT } from '../../support/lookups.ts';

const declare = declarationsFor('release-report-schedule');
const ANSWER = RESPONSE_REQUIREMENT['release-report-schedule'];
const SCHEDULED: RequirementId = 'release-report-schedule.effect-scheduled-true';
const UNIQUE_ID: RequirementId = 'release-report.id-number';
const CONFIG_200: RequirementId = 'settlement-report-config.success-status-200';
const SEQUENCES = 8;
const MAX_COMMANDS = 6;

interface ScheduleModel {
  /** Known true once this sequence scheduled; before that, whatever earlier requests left. */
  scheduled: boolean;
  reports: number;
}
interface ScheduleReal {
  context: CaseContext;
  /** Report ids answered in this sequence: each must be new, so the shortest sequence shows the repeat. */
  ids: Set<unknown>;
}
type ScheduleCommand = fc.AsyncCommand<ScheduleModel, ScheduleReal, false>;

class Schedule implements ScheduleCommand {
  check = () => true;
  async run(m: ScheduleModel, r: ScheduleReal) {
    const response = await r.context.client.scheduleReleaseReport();
    expectSuccess(response, ANSWER);
    expectSchema(r.context, response, 'release-report');
    const id = (response.body as { id?: unknown }).id;
    expectThat(
      !r.ids.has(id),
      UNIQUE_ID,
      `the report's id ${JSON.stringify(id)} was answered before`,
      'a new id',
    );
    r.ids.add(id);
    m.scheduled = true;
    m.reports++;
  }
  toString = () => 'schedule';
}

class ReadConfiguration implements ScheduleCommand {
  check = () => true;
  async run(m: ScheduleModel, r: ScheduleReal) {
    const response = await r.context.client.getSettlementReportConfig();
    expectStatus(response, [200], CONFIG_200);
    if (!m.scheduled) return;
    const scheduled = (response.body as { scheduled?: unknown } | undefined)?.scheduled;
    // The spec's one configuration; the platform keeps the release report's apart (lenient allows it).
    expectThatUnlessAllowed(
      r.context,
      'separate-report-configurations',
      scheduled === true,
      SCHEDULED,
      `after ${m.reports} schedule request(s), scheduled is ${JSON.stringify(scheduled)}`,
      'true',
    );
  }
  toString = () => 'read the configuration';
}

test.describe('POST /v1/account/release_report/schedule (model)', () => {
  test(
    'scheduling keeps the configuration scheduled and generates a new report each time',
    declare({
      requirements: [
        ANSWER,
        SCHEDULED,
        'release-report-schedule.transition.scheduled-true',
        'release-report-schedule.effect-generates-report',
        CONFIG_200,
      ],
      schemas: ['release-report'],
      generative: true,
    }),
    async ({ api, config, target, recordParameters }, testInfo) => {
      await checkModel<ScheduleModel, ScheduleReal>({
        testInfo,
        api,
        quiet: quietClient(testInfo, config, target),
        recordParameters,
        property: 'schedule and configuration reads follow the state transition',
        basis: SCHEDULED,
        commands: [command(() => new Schedule()), command(() => new ReadConfiguration())],
        maxCommands: MAX_COMMANDS,
        defaultRuns: SEQUENCES,
        setup: (context) =>
          Promise.resolve({ model: { scheduled: false, reports: 0 }, real: { context, ids: new Set() } }),
      });
    },
  );
});
