/** Navigation state of /createprofile: from the main page it edits the profile instead of creating it. */
export interface CreateProfileState {
  from?: "mainpage";
}
