/**
 * The report schedule as a model of the spec's one state transition, over generated sequences of
 * schedule requests and configuration reads. A schedule request is answered with a report
 * (release-report-schedule.effect-generates-report), or refused only where the configuration reads
 * scheduled right after: the spec states the request from `scheduled` false alone, and nothing it shows
 * sets it back, so a request once scheduled may be refused. Once one is taken, `scheduled` reads true
 * (release-report-schedule.effect-scheduled-true). An id never names two reports ("Unique report
 * identifier", release-report.id-number); the same report may be answered again. Needs 'destructive'
 * (the endpoint is destructive in lib/catalogue.ts).
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
  expectTakenOrRefused,
  expectThatUnlessAllowed,
  type CaseContext,
} from '../../support/expectations.ts';
import { checkModel, command, quietClient } from '../../support/property-runner.ts';
import { RESPONSE_REQUIREMENT } from '../../support/lookups.ts';
import { refusalOutsideTransition } from '../../support/report-schedule.ts';

const declare = declarationsFor('release-report-schedule');
const ANSWER = RESPONSE_REQUIREMENT['release-report-schedule'];
const SCHEDULED: RequirementId = 'release-report-schedule.effect-scheduled-true';
const UNIQUE_ID: RequirementId = 'release-report.id-number';
const CONFIG_200: RequirementId = 'settlement-report-config.success-status-200';
const SEQUENCES = 8;
const MAX_COMMANDS = 6;

interface ScheduleModel {
  /** Schedule requests taken in this sequence. */
  taken: number;
}
interface ScheduleReal {
  context: CaseContext;
  /** Each report answered in this sequence, by its id: an id answered again must name the same report. */
  reports: Map<unknown, string>;
}
type ScheduleCommand = fc.AsyncCommand<ScheduleModel, ScheduleReal, false>;

/**
 * What tells one report from another beside its id: its report_id, how it was created and the day its
 * period begins. A report answered again may have been generated anew or brought up to date (its
 * generation_date, its end_date), which the spec does not rule out.
 */
const IDENTITY_FIELDS = ['report_id', 'created_from', 'begin_date'];
const reportIdentity = (report: Record<string, unknown>) =>
  JSON.stringify(IDENTITY_FIELDS.map((field) => report[field]));

class Schedule implements ScheduleCommand {
  check = () => true;
  async run(m: ScheduleModel, r: ScheduleReal) {
    const response = await r.context.client.scheduleReleaseReport();
    if (response.status >= 400 && response.status < 500) {
      // Refused: only without a configuration or once scheduled, which the read right after shows.
      if ((await refusalOutsideTransition(r.context.client, response)) === undefined)
        expectSuccess(response, ANSWER);
      return expectTakenOrRefused(r.context, response, { basis: ANSWER });
    }
    expectSuccess(response, ANSWER);
    expectSchema(r.context, response, 'release-report');
    const report = (response.body ?? {}) as Record<string, unknown>;
    const identity = reportIdentity(report);
    const earlier = r.reports.get(report.id);
    expectThat(
      earlier === undefined || earlier === identity,
      UNIQUE_ID,
      `the report id ${JSON.stringify(report.id)} was answered before for another report: [${IDENTITY_FIELDS.join(', ')}] ${earlier} then ${identity}`,
      'one id per report',
    );
    r.reports.set(report.id, identity);
    m.taken++;
  }
  toString = () => 'schedule';
}

class ReadConfiguration implements ScheduleCommand {
  check = () => true;
  async run(m: ScheduleModel, r: ScheduleReal) {
    const response = await r.context.client.getSettlementReportConfig();
    expectStatus(response, [200], CONFIG_200);
    if (m.taken === 0) return;
    const scheduled = (response.body as { scheduled?: unknown } | undefined)?.scheduled;
    // The spec's one configuration; the platform keeps the release report's apart (lenient allows it).
    expectThatUnlessAllowed(
      r.context,
      'separate-report-configurations',
      scheduled === true,
      SCHEDULED,
      `after ${m.taken} schedule request(s) taken, scheduled is ${JSON.stringify(scheduled)}`,
      'true',
    );
  }
  toString = () => 'read the configuration';
}

test.describe('POST /v1/account/release_report/schedule (model)', () => {
  test(
    'scheduling answers a report, refused only once scheduled, and keeps the configuration scheduled; an id never names two reports',
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
          Promise.resolve({
            model: { taken: 0 },
            real: { context, reports: new Map() },
          }),
      });
    },
  );
});
