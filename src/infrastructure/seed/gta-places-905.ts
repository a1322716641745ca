import { GtaPlace } from './gta-place';

const P = (
  city: string,
  neighbourhood: string,
  lat: number,
  lng: number,
  radiusM: number,
  fsas: string[],
  weight: number,
  streets: string[],
): GtaPlace => ({
  city,
  neighbourhood,
  lat,
  lng,
  radiusM,
  fsas,
  streets,
  phoneRegion: 'belt905',
  weight,
});

/**
 * The regions around Toronto (Peel, York, Halton, Durham): the "905 belt". Weights follow
 * population, a little below Toronto's per head since specialists cluster downtown.
 */
// prettier-ignore
export const BELT_905_PLACES: readonly GtaPlace[] = [
  // Peel: Mississauga
  P('Mississauga', 'City Centre', 43.589, -79.6441, 1500, ['L5B', 'L4Z'], 30, [
    'Hurontario Street', 'Burnhamthorpe Road West', 'City Centre Drive', 'Duke of York Boulevard',
    'Rathburn Road West', 'Square One Drive', 'Confederation Parkway']),
  P('Mississauga', 'Cooksville', 43.58, -79.62, 1500, ['L5A', 'L4Y'], 20, [
    'Dundas Street East', 'Dundas Street West', 'Hurontario Street', 'King Street East',
    'Mavis Road', 'Camilla Road']),
  P('Mississauga', 'Port Credit', 43.556, -79.585, 1600, ['L5H', 'L5G', 'L5E'], 15, [
    'Lakeshore Road East', 'Lakeshore Road West', 'Hurontario Street', 'Cawthra Road',
    'Mississauga Road', 'Stavebank Road']),
  P('Mississauga', 'Erin Mills', 43.55, -79.71, 2000, ['L5L', 'L5K'], 25, [
    'Erin Mills Parkway', 'Dundas Street West', 'The Collegeway', 'Glen Erin Drive',
    'Winston Churchill Boulevard', 'Burnhamthorpe Road West', 'Eglinton Avenue West']),
  P('Mississauga', 'Meadowvale', 43.595, -79.75, 1800, ['L5N'], 20, [
    'Derry Road West', 'Winston Churchill Boulevard', 'Battleford Road', 'Glen Erin Drive',
    'Aquitaine Avenue', 'Erin Mills Parkway', 'Meadowvale Boulevard']),
  P('Mississauga', 'Malton', 43.705, -79.635, 1500, ['L4T'], 15, [
    'Airport Road', 'Derry Road East', 'Goreway Drive', 'Morning Star Drive', 'Darcel Avenue',
    'Westwood Square']),
  P('Mississauga', 'Streetsville', 43.582, -79.715, 1800, ['L5M'], 20, [
    'Queen Street South', 'Britannia Road West', 'Eglinton Avenue West', 'Ninth Line',
    'Tenth Line West', 'Thomas Street']),
  P('Mississauga', 'Hurontario', 43.615, -79.68, 1600, ['L5R', 'L5V'], 18, [
    'Hurontario Street', 'Eglinton Avenue West', 'Britannia Road West', 'Bristol Road West',
    'Mavis Road', 'Matheson Boulevard West']),
  P('Mississauga', 'Applewood', 43.615, -79.59, 1600, ['L4X', 'L4Y', 'L4W'], 15, [
    'Dixie Road', 'Bloor Street', 'Dundas Street East', 'Burnhamthorpe Road East', 'Tomken Road',
    'Rathburn Road East']),
  // Peel: Brampton and Caledon
  P('Brampton', 'Downtown Brampton', 43.685, -79.76, 1300, ['L6V', 'L6W', 'L6X'], 15, [
    'Main Street North', 'Queen Street West', 'Queen Street East', 'Main Street South',
    'Vodden Street East', 'Church Street East', 'Wellington Street West']),
  P('Brampton', 'Bramalea', 43.72, -79.72, 2000, ['L6S', 'L6T'], 30, [
    'Bramalea Road', 'Queen Street East', 'Dixie Road', 'Clark Boulevard', 'Balmoral Drive',
    'Steeles Avenue East', 'Central Park Drive']),
  P('Brampton', 'Springdale', 43.76, -79.73, 2200, ['L6R', 'L6P'], 28, [
    'Sandalwood Parkway East', 'Bovaird Drive East', 'Torbram Road', 'Dixie Road', 'Airport Road',
    'Countryside Drive', 'Peter Robertson Boulevard']),
  P('Brampton', 'Heart Lake', 43.75, -79.79, 1800, ['L6Z', 'L7A'], 20, [
    'Sandalwood Parkway West', 'Kennedy Road North', 'Conservation Drive', 'Bovaird Drive West',
    'Hurontario Street', 'Mayfield Road']),
  P('Brampton', "Fletcher's Meadow", 43.7, -79.825, 2000, ['L7A', 'L6X'], 18, [
    'Creditview Road', 'Chinguacousy Road', 'Williams Parkway', 'Bovaird Drive West',
    'Mississauga Road']),
  P('Brampton', 'Peel Village', 43.67, -79.73, 1500, ['L6Y'], 22, [
    'Steeles Avenue West', 'Main Street South', 'Hurontario Street', 'Ray Lawson Boulevard',
    'McLaughlin Road South', 'Charolais Boulevard']),
  P('Caledon', 'Bolton', 43.876, -79.735, 1500, ['L7E'], 5, [
    'Queen Street North', 'Queen Street South', 'King Street West', 'Landsbridge Street',
    'McEwan Drive']),
  // York Region
  P('Markham', 'Unionville', 43.86, -79.335, 1800, ['L3R', 'L6G'], 25, [
    'Highway 7 East', 'Warden Avenue', 'Kennedy Road', 'Main Street Unionville',
    'Enterprise Boulevard', 'Birchmount Road', 'Woodbine Avenue']),
  P('Markham', 'Milliken Mills', 43.83, -79.29, 1500, ['L3S', 'L3R'], 15, [
    'Steeles Avenue East', 'McCowan Road', 'Kennedy Road', 'Denison Street', 'Middlefield Road',
    '14th Avenue']),
  P('Markham', 'Markham Village', 43.88, -79.26, 2000, ['L3P', 'L6B'], 18, [
    'Main Street North', 'Highway 7 East', 'Bur Oak Avenue', 'Ninth Line', '16th Avenue',
    'Markham Road', 'Robinson Street']),
  P('Markham', 'Thornhill', 43.815, -79.405, 1100, ['L3T'], 12, [
    'Yonge Street', 'John Street', 'Bayview Avenue', 'Leslie Street', 'Steeles Avenue East',
    'Green Lane']),
  P('Vaughan', 'Vaughan Metropolitan Centre', 43.7945, -79.529, 900, ['L4K'], 14, [
    'Highway 7', 'Jane Street', 'Millway Avenue', 'Apple Mill Road', 'Interchange Way',
    'Portage Parkway', 'Edgeley Boulevard']),
  P('Vaughan', 'Thornhill', 43.808, -79.45, 1500, ['L4J'], 16, [
    'Centre Street', 'Bathurst Street', 'Clark Avenue West', 'Dufferin Street',
    'New Westminster Drive', 'Promenade Circle', 'Steeles Avenue West']),
  P('Vaughan', 'Woodbridge', 43.785, -79.6, 2000, ['L4L', 'L4H'], 16, [
    'Highway 7', 'Islington Avenue', 'Woodbridge Avenue', 'Weston Road', 'Rutherford Road',
    'Pine Valley Drive', 'Kipling Avenue']),
  P('Vaughan', 'Maple', 43.85, -79.51, 1800, ['L6A'], 12, [
    'Major Mackenzie Drive West', 'Keele Street', 'Rutherford Road', 'Dufferin Street',
    'McNaughton Road', 'Melville Avenue']),
  P('Vaughan', 'Concord', 43.8, -79.49, 1000, ['L4K'], 6, [
    'Keele Street', 'Highway 7', 'Dufferin Street', 'Langstaff Road', 'Bowes Road',
    'Connie Crescent']),
  P('Richmond Hill', 'Langstaff', 43.841, -79.425, 1300, ['L4B', 'L4C'], 16, [
    'Yonge Street', 'Highway 7', 'High Tech Road', 'Bayview Avenue', 'East Beaver Creek Road',
    'West Beaver Creek Road']),
  P('Richmond Hill', 'Richmond Hill Village', 43.88, -79.44, 1800, ['L4C', 'L4S', 'L4E'], 18, [
    'Yonge Street', 'Major Mackenzie Drive East', 'Elgin Mills Road East', 'Bayview Avenue',
    'Centre Street East', 'Leslie Street']),
  P('Richmond Hill', 'Oak Ridges', 43.94, -79.45, 1800, ['L4E'], 6, [
    'Yonge Street', 'King Road', 'Bloomington Road', 'Bayview Avenue', 'Jefferson Sideroad']),
  P('Aurora', 'Aurora', 44.0, -79.465, 1800, ['L4G'], 14, [
    'Yonge Street', 'Wellington Street East', 'Wellington Street West', 'Bayview Avenue',
    'Edward Street', "St. John's Sideroad", 'Industrial Parkway North']),
  P('Newmarket', 'Newmarket', 44.055, -79.46, 2000, ['L3Y', 'L3X'], 20, [
    'Yonge Street', 'Davis Drive', 'Main Street South', 'Mulock Drive', 'Eagle Street',
    'Leslie Street', 'Bayview Avenue']),
  P('Whitchurch-Stouffville', 'Stouffville', 43.97, -79.25, 1500, ['L4A'], 8, [
    'Main Street', 'Ninth Line', 'Hoover Park Drive', 'Tenth Line', 'Millard Street']),
  // Halton
  P('Oakville', 'Downtown Oakville', 43.452, -79.685, 1200, ['L6J', 'L6K'], 15, [
    'Lakeshore Road East', 'Kerr Street', 'Trafalgar Road', 'Navy Street', 'Reynolds Street',
    'Cornwall Road', 'Church Street']),
  P('Oakville', 'Uptown Core', 43.485, -79.715, 2000, ['L6H', 'L6M'], 20, [
    'Trafalgar Road', 'Dundas Street East', 'Oak Park Boulevard', 'Postridge Drive', 'Sixth Line',
    'Neyagawa Boulevard']),
  P('Oakville', 'Glen Abbey', 43.435, -79.73, 1800, ['L6M', 'L6L'], 18, [
    'Third Line', 'Upper Middle Road West', 'Dorval Drive', 'Bronte Road', 'Rebecca Street',
    'Speers Road', 'Lakeshore Road West']),
  P('Burlington', 'Downtown Burlington', 43.33, -79.799, 1200, ['L7R', 'L7S'], 15, [
    'Brant Street', 'Lakeshore Road', 'Maple Avenue', 'John Street', 'Caroline Street',
    'Fairview Street', 'Plains Road East']),
  P('Burlington', 'Appleby', 43.375, -79.775, 2500, ['L7L', 'L7M', 'L7N', 'L7T'], 30, [
    'Appleby Line', "Walker's Line", 'Upper Middle Road', 'Fairview Street', 'New Street',
    'Guelph Line', 'Dundas Street']),
  P('Milton', 'Milton', 43.515, -79.88, 2200, ['L9T', 'L9E'], 25, [
    'Main Street East', 'Derry Road', 'Thompson Road South', 'Ontario Street South',
    'Bronte Street South', 'Louis St. Laurent Avenue', 'Steeles Avenue East']),
  P('Halton Hills', 'Georgetown', 43.648, -79.905, 1600, ['L7G'], 8, [
    'Guelph Street', 'Main Street South', 'Mountainview Road South', 'Maple Avenue',
    'Trafalgar Road']),
  // Durham
  P('Pickering', 'Pickering City Centre', 43.837, -79.087, 1800, ['L1V', 'L1W', 'L1X'], 18, [
    'Kingston Road', 'Liverpool Road', 'Brock Road', 'Glenanna Road', 'Bayly Street',
    'Whites Road', 'Pickering Parkway']),
  P('Ajax', 'Ajax', 43.86, -79.03, 1800, ['L1S', 'L1T', 'L1Z'], 22, [
    'Harwood Avenue North', 'Kingston Road East', 'Westney Road North', 'Salem Road North',
    'Bayly Street East', 'Rossland Road West', 'Taunton Road East']),
  P('Whitby', 'Whitby', 43.88, -78.94, 2000, ['L1N', 'L1M', 'L1R', 'L1P'], 24, [
    'Brock Street North', 'Dundas Street East', 'Rossland Road East', 'Taunton Road East',
    'Thickson Road North', 'Anderson Street', 'Garden Street']),
  P('Oshawa', 'Oshawa', 43.9, -78.86, 2300, ['L1G', 'L1H', 'L1J', 'L1K', 'L1L'], 30, [
    'Simcoe Street North', 'King Street East', 'King Street West', 'Taunton Road East',
    'Ritson Road North', 'Harmony Road North', 'Stevenson Road North', 'Rossland Road East']),
  P('Clarington', 'Courtice', 43.905, -78.79, 1200, ['L1E'], 6, [
    'King Street East', 'Townline Road North', 'Courtice Road', 'Nash Road', 'Prestonvale Road']),
];
