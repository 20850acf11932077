/** Navigation state of /marketpage: where the user came from decides where back goes. */
export interface MarketpageState {
  from?: "home";
}
