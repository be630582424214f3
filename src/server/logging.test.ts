import { describe, expect, it } from 'vitest';
import { scrubLogText } from './logging';

/** A phone number reaches a log masked however it was written (RUN-9). */
describe('scrubLogText', () => {
  it.each([
    ['digits only', 'to=233244123456', '233244123456'],
    ['national form', 'to=0244123456', '0244123456'],
    ['spaces and a plus', 'msisdn +233 24 412 3456 refused', '+233 24 412 3456'],
    ['dots', 'call 024.412.3456', '024.412.3456'],
    ['dashes', 'call 024-412-3456', '024-412-3456'],
    ['brackets', 'call (024) 412 3456', '(024) 412 3456'],
    [
      'escaped in a URL',
      '/api/sandbox/sms?to=%2B233%2024%20412%203456',
      '%2B233%2024%20412%203456',
    ],
    ['form-encoded spaces', '/api/sandbox/sms?to=0244+123+456', '0244+123+456'],
    ['international prefix', 'to 00233 24 412 3456', '00233 24 412 3456'],
  ])('%s', (_how, text, number) => {
    const scrubbed = scrubLogText(text);
    const digits = number.replace(/%2B|%20/g, '').replace(/\D/g, '');
    // No run of the number's last 6 digits survives, in any spacing.
    expect(scrubbed.replace(/%2B|%20/g, '').replace(/\D/g, '')).not.toContain(digits.slice(-7, -1));
    expect(scrubbed).toContain('*');
  });

  it('leaves dates, times, amounts and ids alone', () => {
    const text = 'booking 4821 from 2026-12-01 to 2026-12-04 for GH₵ 1,250.00 at 09:00';
    expect(scrubLogText(text)).toBe(text);
  });

  it('keeps the statement of a failed query, not its values', () => {
    expect(scrubLogText('Failed query: select 1\nparams: 0244123456,secret')).toBe(
      'Failed query: select 1\nparams: [hidden]',
    );
  });
});
