export const GUESTS_DESCRIPTION =
  "Yesterday's arrivals at your properties, each in its own local day, with their screening outcomes. Identification numbers stay masked until you reveal one; every reveal is recorded.";
