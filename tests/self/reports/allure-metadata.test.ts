import { expect, test } from '@playwright/test';
import { ALLURE_RUNTIME_MESSAGE_CONTENT_TYPE as ALLURE_OWN } from 'allure-js-commons/sdk/reporter';
import { ALLURE_RUNTIME_MESSAGE_CONTENT_TYPE } from '../../support/allure-metadata.ts';

test('labels and parameters are sent with the content type allure-playwright reads runtime messages by', () => {
  expect(ALLURE_RUNTIME_MESSAGE_CONTENT_TYPE).toBe(ALLURE_OWN);
});
