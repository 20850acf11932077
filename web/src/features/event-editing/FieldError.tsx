/** A field's error line under it, announced to screen readers. */
export function FieldError({ error }: { error?: string | null }) {
  return error ? (
    <p className="bk-error" role="alert">
      {error}
    </p>
  ) : null;
}
