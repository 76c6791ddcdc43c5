export const authKeys = {
  /** The instance's status (login on or off, whether our session is confirmed). */
  status: () => ['status'] as const,
};
