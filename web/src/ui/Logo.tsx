import { PRODUCT_TITLE } from "@/config";

/**
 * The product mark: a betting slip with a rising line of odds. Named by the product's name alone,
 * the same in every language: it shows at start-up, before any catalogue has loaded.
 */
export function Logo({ size = 96 }: { size?: number }) {
  return (
    <svg className="logo" width={size} height={size} viewBox="0 0 96 96" role="img" aria-label={PRODUCT_TITLE}>
      <rect x="8" y="8" width="80" height="80" rx="24" fill="var(--button)" />
      <rect x="26" y="22" width="44" height="54" rx="6" fill="var(--button-text)" opacity="0.95" />
      <path
        d="M33 60 L43 50 L51 55 L63 38"
        fill="none"
        stroke="var(--button)"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="63" cy="38" r="4" fill="var(--button)" />
      <rect x="33" y="29" width="22" height="4" rx="2" fill="var(--button)" opacity="0.45" />
    </svg>
  );
}
