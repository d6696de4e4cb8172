/** What the person chose in the console, shared by its panels: the account whose credits and keys show. */
export const selection = {
  /** The account of the credits panel and of the account detail (an e-mail), or '' for the first one. */
  account: '',
  /** The account the detail shows, or '' when it is closed. */
  managing: '',
};
