/** Today's date in UTC, `YYYY-MM-DD`: what the flight date rule is checked against. */
export const todayUtc = (): string => new Date().toISOString().slice(0, 10);
