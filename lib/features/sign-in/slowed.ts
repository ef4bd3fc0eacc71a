/** What the sign-in page says while sign-ins from the person's network are slowed (see THROTTLE_POLICY). */
export function slowedNotice({
  seconds,
  capSeconds,
  windowMinutes,
}: {
  seconds: number;
  capSeconds: number;
  windowMinutes: number;
}): { title: string; body: string } {
  const wait = seconds === 1 ? "1 second" : `${seconds} seconds`;
  return {
    title: "Sign-in is slowed on your network",
    body:
      `Many sign-ins from your network failed in the last ${windowMinutes} minutes, so Daybook waits ` +
      `${wait} before checking a password from it (never more than ${capSeconds} seconds), to slow down ` +
      `guessing. Your right password still signs you in.`,
  };
}
