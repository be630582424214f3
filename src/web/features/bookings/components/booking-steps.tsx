const STEPS = ['Trip details', 'Summary'] as const;

/** 'Step 1 of 2' with a two-segment bar; the current step is announced as such. */
export function BookingSteps({ current }: { current: 1 | 2 }) {
  return (
    <div className="booking-steps">
      <p className="booking-steps-count">
        Step {current} of {STEPS.length}
      </p>
      <ol className="booking-steps-list">
        {STEPS.map((label, i) => {
          const step = i + 1;
          const state = step < current ? 'done' : step === current ? 'current' : 'todo';
          return (
            <li
              key={label}
              className={`booking-step is-${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="booking-step-bar" aria-hidden="true" />
              <span className="booking-step-label">{label}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
