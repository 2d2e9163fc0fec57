/** GET /stores/{id}: a non-numeric id is the documented 400 INVALID_STORE_ID. */
import { STORE_BAD_REQUEST_ERROR } from '../../lib/catalogue.ts';
import type { AreaHandlers } from '../context.ts';
import { cause, MESSAGES, MockHttpError, notFound } from '../errors.ts';
import { isNumericId, pathParam } from './params.ts';

export const INVALID_STORE_ID = 'INVALID_STORE_ID';

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
