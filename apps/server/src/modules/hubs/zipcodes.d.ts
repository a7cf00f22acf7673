// The `zipcodes` package ships no types; hubs.distance.ts describes the part it uses.
declare module 'zipcodes';
