/** GET /stores/{id}: a non-numeric id is the documented 400 INVALID_STORE_ID. */
import { DOCUMENTED_ERRORS, STORE_BAD_REQUEST_ERROR } from '../../lib/catalogue.ts';
import type { AreaHandlers } from '../context.ts';
import { cause, MESSAGES, MockHttpError, notFound } from '../errors.ts';
import { isNumericId, pathParam } from './params.ts';

/** The cause code of the store's documented 400, from its Errors-table row. */
export const INVALID_STORE_ID = DOCUMENTED_ERRORS.find(
  (e) => e.endpoint === 'store' && e.status === 400,
)!.code!;

export const storesHandlers: AreaHandlers = {
  store: (request, _reply, ctx) => {
    const id = pathParam(request.params, 'id');
    if (!isNumericId(id)) {
      throw new MockHttpError(400, STORE_BAD_REQUEST_ERROR, MESSAGES.invalidStoreId, [
        cause(INVALID_STORE_ID, MESSAGES.invalidStoreId),
      ]);
    }
    const store = ctx.state.store(id);
    if (!store) throw notFound(MESSAGES.notFound('Store'));
    return store;
  },
};
