export const configKeys = {
  all: ['config'] as const,
  /** The instance's settings: login, and on MindsDB the default models. */
  detail: () => [...configKeys.all, 'detail'] as const,
};
