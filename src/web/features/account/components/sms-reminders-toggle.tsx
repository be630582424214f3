import { useId } from 'react';
import type { User } from '../../../../shared/schemas/auth';
import { useUpdateProfile } from '../api/profile';

/**
 * 'Text me reminders' (MSG-9): the pickup reminder the evening before and the return reminder
 * that morning. Saved as soon as it is ticked; codes and news about a booking always go.
 */
export function SmsRemindersToggle({ user }: { user: User }) {
  const save = useUpdateProfile();
  const id = useId();
  const checked = save.isPending ? save.variables.sms_reminders === true : user.sms_reminders;
  return (
    <section className="sms-reminders" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="section-title">
        Text messages
      </h2>
      <label className="check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={save.isPending}
          aria-describedby={`${id}-help`}
          onChange={(event) => save.mutate({ sms_reminders: event.target.checked })}
        />{' '}
        Text me reminders
      </label>
      <p id={`${id}-help`} className="muted">
        The evening before you pick up a car and on the morning it is due back. Codes and news about
        your bookings are always sent.
      </p>
      <p role="status" className={save.isError ? 'field-error' : 'muted'}>
        {save.isError ? save.error.message : save.isSuccess ? 'Saved.' : ''}
      </p>
    </section>
  );
}
