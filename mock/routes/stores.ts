/** GET /stores/{id}: a non-numeric id is the documented 400 INVALID_STORE_ID. */
import { DOCUMENTED_ERRORS } from '../../lib/requirements/index.ts';
import { documentedErrorBody } from '../../lib/error-body.ts';
import type { AreaHandlers } from '../context.ts';
import { MESSAGES, MockHttpError, notFound } from '../errors.ts';
import { isNumericId, pathParam } from './params.ts';

/** The store's Errors-table row: 400 bad_request with code INVALID_STORE_ID. */
const INVALID_STORE_ID_ROW = DOCUMENTED_ERRORS.find((e) => e.endpoint === 'store' && e.status === 400)!;

function invalidStoreId(): MockHttpError {
  const body = documentedErrorBody(INVALID_STORE_ID_ROW, MESSAGES.invalidStoreId);
  return new MockHttpError(body.status, body.error, body.message, body.cause);
}

export const storesHandlers: AreaHandlers = {
  store: (request, _reply, ctx) => {
    const id = pathParam(request.params, 'id');
    if (!isNumericId(id)) throw invalidStoreId();
    const store = ctx.state.store(id);
    if (!store) throw notFound(MESSAGES.notFound('Store'));
    return store;
  },
};
