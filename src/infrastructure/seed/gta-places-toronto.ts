import { GtaPlace } from './gta-place';

const T = (
  neighbourhood: string,
  lat: number,
  lng: number,
  radiusM: number,
  fsas: string[],
  weight: number,
  streets: string[],
): GtaPlace => ({
  city: 'Toronto',
  neighbourhood,
  lat,
  lng,
  radiusM,
  fsas,
  streets,
  phoneRegion: 'toronto',
  weight,
});

/**
 * Neighbourhoods of the City of Toronto (former Toronto, East York, York, North York,
 * Scarborough, Etobicoke). Weights lean to downtown and the Yonge corridor, where hospitals
 * and medical buildings concentrate doctors; those places sit on the subway.
 */
// prettier-ignore
export const TORONTO_PLACES: readonly GtaPlace[] = [
  // Downtown
  T('Financial District', 43.6488, -79.3817, 700, ['M5H', 'M5J', 'M5L', 'M5X', 'M5K'], 40, [
    'Bay Street', 'King Street West', 'Adelaide Street West', 'Richmond Street West', 'York Street',
    'University Avenue', 'Front Street West', 'Wellington Street West', 'Yonge Street']),
  T('Discovery District', 43.6585, -79.389, 700, ['M5G', 'M5T', 'M5S'], 60, [
    'University Avenue', 'Elizabeth Street', 'College Street', 'Gerrard Street West', 'Bay Street',
    'Dundas Street West', 'Murray Street', 'McCaul Street', 'Elm Street']),
  T('Garden District', 43.657, -79.378, 700, ['M5B'], 35, [
    'Yonge Street', 'Dundas Street East', 'Church Street', 'Gerrard Street East', 'Victoria Street',
    'Shuter Street', 'Jarvis Street', 'Bond Street']),
  T('St. Lawrence', 43.6505, -79.368, 800, ['M5A', 'M5E'], 25, [
    'Front Street East', 'King Street East', 'Jarvis Street', 'Sherbourne Street',
    'Parliament Street', 'The Esplanade', 'Adelaide Street East', 'Wellington Street East']),
  T('Entertainment District', 43.6455, -79.393, 800, ['M5V'], 35, [
    'King Street West', 'Spadina Avenue', 'Queen Street West', 'John Street', 'Peter Street',
    'Front Street West', 'Adelaide Street West', 'Richmond Street West', 'Portland Street']),
  T('CityPlace', 43.6405, -79.397, 500, ['M5V'], 10, [
    'Fort York Boulevard', 'Bremner Boulevard', 'Spadina Avenue', 'Queens Quay West', 'Bathurst Street']),
  T('Church-Wellesley', 43.666, -79.381, 600, ['M4Y'], 30, [
    'Church Street', 'Wellesley Street East', 'Yonge Street', 'Bloor Street East',
    'Charles Street East', 'Isabella Street', 'Jarvis Street', 'Maitland Street']),
  T('Yorkville', 43.6705, -79.3925, 600, ['M5R', 'M4W'], 30, [
    'Bloor Street West', 'Yorkville Avenue', 'Avenue Road', 'Bay Street', 'Cumberland Street',
    'Bellair Street', 'Scollard Street', 'Davenport Road']),
  T('The Annex', 43.668, -79.404, 900, ['M5R', 'M5S'], 22, [
    'Bloor Street West', 'Spadina Road', 'Bathurst Street', 'Dupont Street', 'Brunswick Avenue',
    'Harbord Street', 'Huron Street', 'St. George Street']),
  T('Kensington-Chinatown', 43.654, -79.399, 700, ['M5T'], 20, [
    'Spadina Avenue', 'Dundas Street West', 'College Street', 'Baldwin Street', 'Augusta Avenue',
    'Kensington Avenue', 'Bathurst Street']),
  T('Trinity-Bellwoods', 43.6475, -79.416, 900, ['M6J'], 15, [
    'Queen Street West', 'Ossington Avenue', 'Dundas Street West', 'Crawford Street',
    'Shaw Street', 'Strachan Avenue', 'Gore Vale Avenue']),
  T('Liberty Village', 43.6385, -79.42, 700, ['M6K'], 10, [
    'Liberty Street', 'King Street West', 'East Liberty Street', 'Atlantic Avenue',
    'Strachan Avenue', 'Dufferin Street', 'Fraser Avenue']),
  T('Cabbagetown', 43.662, -79.364, 800, ['M4X', 'M5A'], 15, [
    'Parliament Street', 'Carlton Street', 'Gerrard Street East', 'Dundas Street East',
    'Sumach Street', 'Winchester Street', 'River Street']),
  T('Leslieville', 43.664, -79.337, 1300, ['M4M'], 20, [
    'Queen Street East', 'Gerrard Street East', 'Broadview Avenue', 'Logan Avenue',
    'Jones Avenue', 'Carlaw Avenue', 'Pape Avenue', 'Leslie Street']),
  T('The Danforth', 43.679, -79.347, 1100, ['M4K', 'M4J'], 20, [
    'Danforth Avenue', 'Pape Avenue', 'Broadview Avenue', 'Logan Avenue', 'Chester Avenue',
    'Donlands Avenue', 'Carlaw Avenue']),
  T('The Beaches', 43.674, -79.298, 1300, ['M4E', 'M4L'], 15, [
    'Queen Street East', 'Kingston Road', 'Main Street', 'Woodbine Avenue', 'Lee Avenue',
    'Coxwell Avenue', 'Gerrard Street East', 'Danforth Avenue']),
  // Midtown
  T('Yonge and Eglinton', 43.7065, -79.3985, 900, ['M4P', 'M4R', 'M4S'], 45, [
    'Yonge Street', 'Eglinton Avenue East', 'Eglinton Avenue West', 'Redpath Avenue',
    'Mount Pleasant Road', 'Broadway Avenue', 'Soudan Avenue', 'Roehampton Avenue', 'Duplex Avenue']),
  T('Davisville Village', 43.6975, -79.39, 900, ['M4S'], 18, [
    'Davisville Avenue', 'Mount Pleasant Road', 'Yonge Street', 'Merton Street', 'Balliol Street',
    'Chaplin Crescent', 'Bayview Avenue']),
  T('Deer Park', 43.6875, -79.3945, 700, ['M4T', 'M4V'], 25, [
    'St. Clair Avenue East', 'St. Clair Avenue West', 'Yonge Street', 'Delisle Avenue',
    'Heath Street West', 'Avenue Road']),
  T('Summerhill', 43.68, -79.387, 800, ['M4W'], 10, [
    'Yonge Street', 'Summerhill Avenue', 'Crescent Road', 'MacPherson Avenue', 'Mount Pleasant Road']),
  T('Forest Hill', 43.694, -79.415, 1000, ['M5P', 'M4V'], 12, [
    'Spadina Road', 'Eglinton Avenue West', 'Bathurst Street', 'Lonsdale Road', 'Chaplin Crescent',
    'St. Clair Avenue West']),
  T('Leaside', 43.706, -79.365, 1100, ['M4G'], 15, [
    'Bayview Avenue', 'Laird Drive', 'Eglinton Avenue East', 'McRae Drive', 'Millwood Road',
    'Wicksteed Avenue']),
  T('Lawrence Park', 43.7255, -79.401, 1100, ['M4N', 'M5M'], 15, [
    'Yonge Street', 'Lawrence Avenue West', 'Lawrence Avenue East', 'Avenue Road',
    'Fairlawn Avenue', 'Bedford Park Avenue', 'Mount Pleasant Road']),
  T('Wychwood', 43.682, -79.424, 1000, ['M6C', 'M5P'], 12, [
    'St. Clair Avenue West', 'Bathurst Street', 'Christie Street', 'Vaughan Road',
    'Wychwood Avenue', 'Hillcrest Avenue', 'Dufferin Street']),
  T('Koreatown', 43.662, -79.416, 900, ['M6G'], 15, [
    'Bloor Street West', 'Christie Street', 'College Street', 'Clinton Street', 'Grace Street',
    'Manning Avenue', 'Ossington Avenue']),
  T('Little Portugal', 43.6555, -79.435, 1000, ['M6H', 'M6J'], 14, [
    'Dundas Street West', 'Dufferin Street', 'Bloor Street West', 'College Street',
    'Lansdowne Avenue', 'Gladstone Avenue', 'Brock Avenue']),
  T('Roncesvalles', 43.648, -79.449, 1000, ['M6R'], 13, [
    'Roncesvalles Avenue', 'Howard Park Avenue', 'Queen Street West', 'Bloor Street West',
    'Sorauren Avenue', 'Parkside Drive']),
  T('The Junction', 43.665, -79.468, 1000, ['M6P'], 10, [
    'Dundas Street West', 'Keele Street', 'Annette Street', 'Runnymede Road', 'Pacific Avenue',
    'Quebec Avenue', 'High Park Avenue']),
  T('Bloor West Village', 43.65, -79.484, 1000, ['M6S'], 10, [
    'Bloor Street West', 'Jane Street', 'Runnymede Road', 'Windermere Avenue', 'Armadale Avenue',
    'Durie Street', 'Ellis Park Road']),
  // York
  T('Oakwood Village', 43.688, -79.439, 1100, ['M6C', 'M6E'], 12, [
    'St. Clair Avenue West', 'Oakwood Avenue', 'Dufferin Street', 'Vaughan Road',
    'Eglinton Avenue West', 'Caledonia Road']),
  T('Weston', 43.696, -79.508, 1400, ['M9N', 'M6M'], 14, [
    'Weston Road', 'Jane Street', 'Lawrence Avenue West', 'Eglinton Avenue West', 'Rogers Road',
    'Trethewey Drive', 'John Street']),
  // East York
  T('East York', 43.693, -79.338, 1200, ['M4C', 'M4J'], 15, [
    'Pape Avenue', 'Cosburn Avenue', "O'Connor Drive", 'Mortimer Avenue', 'Donlands Avenue',
    'Woodbine Avenue', 'Coxwell Avenue']),
  T('Thorncliffe Park', 43.707, -79.344, 1100, ['M4H', 'M3C'], 14, [
    'Overlea Boulevard', 'Thorncliffe Park Drive', 'Don Mills Road', 'Eglinton Avenue East',
    'Grenoble Drive', 'Gateway Boulevard']),
  // North York
  T('Yorkdale-Glen Park', 43.72, -79.45, 1200, ['M6A', 'M6B'], 14, [
    'Dufferin Street', 'Lawrence Avenue West', 'Bathurst Street', 'Wilson Avenue',
    'Glencairn Avenue', 'Caledonia Road', 'Marlee Avenue']),
  T('Willowdale', 43.767, -79.413, 1300, ['M2N', 'M2M', 'M2R'], 40, [
    'Yonge Street', 'Sheppard Avenue West', 'Sheppard Avenue East', 'Finch Avenue West',
    'Empress Avenue', 'Park Home Avenue', 'Churchill Avenue', 'Doris Avenue', 'Beecroft Road',
    'Willowdale Avenue']),
  T('Bayview Village', 43.77, -79.372, 1400, ['M2K', 'M2J'], 22, [
    'Sheppard Avenue East', 'Bayview Avenue', 'Leslie Street', 'Don Mills Road',
    'Finch Avenue East', 'Bessarion Road', 'Fairview Mall Drive']),
  T('Don Mills', 43.745, -79.337, 1500, ['M3B', 'M3A', 'M3C'], 16, [
    'Don Mills Road', 'Lawrence Avenue East', 'Eglinton Avenue East', 'Wynford Drive',
    'Victoria Park Avenue', 'Leslie Street', 'The Donway West', 'York Mills Road']),
  T('York Mills', 43.744, -79.4, 900, ['M2P', 'M2L', 'M4N'], 10, [
    'Yonge Street', 'York Mills Road', 'Wilson Avenue', 'Bayview Avenue', 'Old Yonge Street',
    'Mildenhall Road']),
  T('Downsview', 43.742, -79.47, 1400, ['M3H', 'M3K', 'M3M'], 14, [
    'Wilson Avenue', 'Sheppard Avenue West', 'Keele Street', 'Dufferin Street', 'Chesswood Drive',
    'Wilson Heights Boulevard']),
  T('Bathurst Manor', 43.755, -79.44, 1300, ['M3H', 'M2R'], 14, [
    'Bathurst Street', 'Sheppard Avenue West', 'Finch Avenue West', 'Wilson Heights Boulevard',
    'Steeles Avenue West', 'Overbrook Place']),
  T('York University Heights', 43.762, -79.505, 1600, ['M3J', 'M3N'], 14, [
    'Finch Avenue West', 'Jane Street', 'Keele Street', 'Steeles Avenue West', 'Driftwood Avenue',
    'Sentinel Road', 'Shoreham Drive']),
  T('Humber Summit', 43.75, -79.54, 1500, ['M9L', 'M9M'], 9, [
    'Finch Avenue West', 'Weston Road', 'Islington Avenue', 'Steeles Avenue West', 'Milvan Drive',
    'Signet Drive']),
  // Scarborough
  T('Scarborough City Centre', 43.774, -79.258, 1300, ['M1P', 'M1H'], 20, [
    'Ellesmere Road', 'Borough Drive', 'McCowan Road', 'Brimley Road', 'Progress Avenue',
    'Markham Road', 'Town Centre Court']),
  T('Agincourt', 43.788, -79.28, 1500, ['M1S', 'M1T', 'M1W'], 24, [
    'Sheppard Avenue East', 'Midland Avenue', 'Kennedy Road', 'Brimley Road', 'Finch Avenue East',
    'Glen Watford Drive', 'Birchmount Road']),
  T('Malvern', 43.803, -79.222, 1600, ['M1B', 'M1X'], 16, [
    'Sheppard Avenue East', 'Markham Road', 'Morningside Avenue', 'Neilson Road', 'Tapscott Road',
    'Finch Avenue East']),
  T('Milliken', 43.805, -79.305, 1500, ['M1V', 'M1W'], 18, [
    'Steeles Avenue East', 'Kennedy Road', 'Midland Avenue', 'Finch Avenue East',
    'Pharmacy Avenue', 'McNicoll Avenue', 'Warden Avenue']),
  T('Wexford', 43.75, -79.29, 1500, ['M1R', 'M1P'], 16, [
    'Lawrence Avenue East', 'Victoria Park Avenue', 'Pharmacy Avenue', 'Warden Avenue',
    'Birchmount Road', 'Kennedy Road', 'Ellesmere Road']),
  T('Golden Mile', 43.728, -79.275, 1000, ['M1K', 'M1L'], 8, [
    'Eglinton Avenue East', 'Kennedy Road', 'Warden Avenue', 'Pharmacy Avenue', 'Birchmount Road']),
  T('Guildwood', 43.753, -79.205, 1700, ['M1J', 'M1E', 'M1G', 'M1H'], 16, [
    'Markham Road', 'Kingston Road', 'Eglinton Avenue East', 'Lawrence Avenue East',
    'Ellesmere Road', 'Morningside Avenue', 'Guildwood Parkway']),
  T('Birch Cliff', 43.702, -79.262, 1400, ['M1N', 'M1M', 'M1L'], 10, [
    'Kingston Road', 'Danforth Road', 'Victoria Park Avenue', 'Warden Avenue', 'Birchmount Road',
    'Midland Avenue']),
  T('Highland Creek', 43.788, -79.18, 1600, ['M1C', 'M1E'], 7, [
    'Old Kingston Road', 'Ellesmere Road', 'Morningside Avenue', 'Military Trail',
    'Sheppard Avenue East', 'Port Union Road']),
  // Etobicoke
  T('Islington-City Centre West', 43.644, -79.528, 1300, ['M9A', 'M9B', 'M9C'], 18, [
    'Bloor Street West', 'Dundas Street West', 'Islington Avenue', 'Kipling Avenue',
    'The East Mall', 'The West Mall', 'Burnhamthorpe Road']),
  T('The Kingsway', 43.657, -79.51, 1000, ['M8X', 'M9A'], 8, [
    'Bloor Street West', 'Royal York Road', 'Prince Edward Drive', 'Dundas Street West',
    'The Kingsway']),
  T('Mimico', 43.607, -79.505, 1800, ['M8V', 'M8W'], 14, [
    'Lake Shore Boulevard West', 'Royal York Road', 'Islington Avenue', 'Kipling Avenue',
    'Park Lawn Road', 'Evans Avenue']),
  T('Humber Bay Shores', 43.6265, -79.479, 600, ['M8V'], 6, [
    'Marine Parade Drive', 'Park Lawn Road', 'Lake Shore Boulevard West', 'Humber Bay Park Road']),
  T('Rexdale', 43.725, -79.57, 2000, ['M9V', 'M9W', 'M9R', 'M9P'], 18, [
    'Kipling Avenue', 'Albion Road', 'Rexdale Boulevard', 'Islington Avenue', 'Finch Avenue West',
    'Dixon Road', 'Martin Grove Road', 'Eglinton Avenue West']),
  T('Alderwood', 43.613, -79.545, 1100, ['M8W', 'M9C'], 7, [
    'The Queensway', 'Evans Avenue', 'Horner Avenue', "Brown's Line", 'The West Mall',
    'Sherway Gardens Road']),
];
