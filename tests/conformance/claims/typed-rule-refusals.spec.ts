/**
 * Generated requests to this area's endpoints that each break one typed rule of the spec (a field's
 * type or enum, a numeric path or query parameter, the Authorization header's form) are refused with
 * a 4xx; tests/support/typed-refusals.ts says why and how.
 */
import { typedRuleRefusals } from '../../support/typed-refusals.ts';

typedRuleRefusals('claims');
