export function Spinner({
  label = 'Loading…',
  small = false,
}: {
  label?: string;
  small?: boolean;
}) {
  return (
    <span role="status" className="spinner-wrap">
      <span className={small ? 'spinner spinner-sm' : 'spinner'} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
