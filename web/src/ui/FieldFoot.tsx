/** Under a text field: its problem, if any, and its length counted against the limit (marked once over it). */
export function FieldFoot({ error, length, max }: { error: string | null; length: number; max: number }) {
  return (
    <div className="bk-field-foot">
      {error ? (
        <p className="bk-error" role="alert">
          {error}
        </p>
      ) : (
        <span />
      )}
      <span className={length > max ? "bk-count bk-count-over" : "bk-count"}>
        {length}/{max}
      </span>
    </div>
  );
}
