import { useId } from "react";
import { maskDate, maskTime } from "./when";

/** The Date (DD/MM/YY) and Time (HH:MM) fields side by side, masked as typed. */
export function WhenFields(props: {
  date: string;
  time: string;
  onDate(date: string): void;
  onTime(time: string): void;
  dateError?: string | null;
  timeError?: string | null;
}) {
  const dateId = useId();
  const timeId = useId();
  return (
    <div className="bk-when">
      <div className="bk-field">
        <label className="bk-label" htmlFor={dateId}>
          Date
        </label>
        <input
          id={dateId}
          className="bk-input"
          inputMode="numeric"
          placeholder="DD/MM/YY"
          value={props.date}
          aria-invalid={Boolean(props.dateError)}
          onChange={(e) => props.onDate(maskDate(e.target.value))}
        />
        {props.dateError && (
          <p className="bk-error" role="alert">
            {props.dateError}
          </p>
        )}
      </div>
      <div className="bk-field">
        <label className="bk-label" htmlFor={timeId}>
          Time
        </label>
        <input
          id={timeId}
          className="bk-input"
          inputMode="numeric"
          placeholder="HH:MM"
          value={props.time}
          aria-invalid={Boolean(props.timeError)}
          onChange={(e) => props.onTime(maskTime(e.target.value))}
        />
        {props.timeError && (
          <p className="bk-error" role="alert">
            {props.timeError}
          </p>
        )}
      </div>
    </div>
  );
}
