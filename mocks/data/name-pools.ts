/** Word pools the side names are made from. */

export const CITIES: Readonly<Record<string, readonly string[]>> = {
  GB: ['London', 'Manchester', 'Liverpool', 'Leeds', 'Birmingham', 'Newcastle', 'Bristol', 'Sheffield', 'Nottingham', 'Leicester', 'Southampton', 'Brighton', 'Norwich', 'Coventry', 'Derby', 'Reading', 'Hull', 'Sunderland', 'Cardiff', 'Swansea'],
  ES: ['Madrid', 'Barcelona', 'Valencia', 'Sevilla', 'Bilbao', 'Malaga', 'Zaragoza', 'Vigo', 'Gijon', 'Cadiz', 'Granada', 'Vitoria', 'Pamplona', 'Valladolid', 'Almeria', 'Girona', 'Getafe', 'Elche'],
  DE: ['Berlin', 'Hamburg', 'Munchen', 'Koln', 'Frankfurt', 'Stuttgart', 'Dortmund', 'Bremen', 'Leipzig', 'Hannover', 'Nurnberg', 'Mainz', 'Freiburg', 'Augsburg', 'Bochum', 'Wolfsburg', 'Kiel', 'Mannheim'],
  IT: ['Milano', 'Roma', 'Napoli', 'Torino', 'Genova', 'Firenze', 'Bologna', 'Verona', 'Bergamo', 'Udine', 'Lecce', 'Cagliari', 'Parma', 'Empoli', 'Monza', 'Salerno', 'Como', 'Venezia'],
  FR: ['Paris', 'Lyon', 'Marseille', 'Nice', 'Lille', 'Rennes', 'Nantes', 'Toulouse', 'Bordeaux', 'Montpellier', 'Strasbourg', 'Reims', 'Lens', 'Brest', 'Angers', 'Metz', 'Lorient', 'Auxerre'],
  US: ['Boston', 'Chicago', 'Denver', 'Houston', 'Dallas', 'Miami', 'Seattle', 'Phoenix', 'Atlanta', 'Detroit', 'Portland', 'Austin', 'Nashville', 'Orlando', 'Charlotte', 'Columbus', 'Milwaukee', 'Sacramento', 'San Diego', 'Las Vegas'],
  BR: ['Sao Paulo', 'Rio', 'Porto Alegre', 'Recife', 'Salvador', 'Curitiba', 'Fortaleza', 'Goiania', 'Belem', 'Santos', 'Campinas', 'Manaus', 'Cuiaba', 'Natal', 'Florianopolis', 'Belo Horizonte'],
  AR: ['Buenos Aires', 'Rosario', 'Cordoba', 'La Plata', 'Mendoza', 'Tucuman', 'Santa Fe', 'Mar del Plata', 'Salta', 'Avellaneda', 'Lanus', 'Banfield', 'Quilmes', 'Parana', 'San Juan', 'Junin'],
  JP: ['Tokyo', 'Osaka', 'Yokohama', 'Nagoya', 'Sapporo', 'Fukuoka', 'Kobe', 'Kyoto', 'Hiroshima', 'Sendai', 'Chiba', 'Niigata', 'Kashima', 'Urawa', 'Shimizu', 'Kawasaki'],
  AU: ['Sydney', 'Melbourne', 'Brisbane', 'Perth', 'Adelaide', 'Gold Coast', 'Canberra', 'Newcastle', 'Hobart', 'Geelong', 'Cairns', 'Townsville', 'Darwin', 'Wollongong', 'Parramatta', 'Penrith'],
  WORLD: ['Oslo', 'Praha', 'Brno', 'Helsinki', 'Tampere', 'Stockholm', 'Goteborg', 'Malmo', 'Zurich', 'Bern', 'Lugano', 'Warszawa', 'Krakow', 'Ankara', 'Izmir', 'Kyiv', 'Seoul', 'Busan', 'Beijing', 'Shanghai', 'Taipei', 'Mumbai', 'Delhi', 'Chennai', 'Kolkata', 'Budapest', 'Debrecen', 'Amsterdam', 'Utrecht', 'Dublin', 'Cork', 'Toronto', 'Montreal', 'Calgary', 'Monterrey', 'Moscow', 'Kazan', 'Copenhagen', 'Aarhus', 'Lisboa', 'Porto', 'Athens', 'Istanbul', 'Vienna', 'Graz', 'Zagreb', 'Belgrade', 'Bucharest'],
};

export const CLUB_PATTERNS: readonly ((city: string) => string)[] = [
  (c) => `${c} FC`,
  (c) => `FC ${c}`,
  (c) => `${c} United`,
  (c) => `${c} City`,
  (c) => `Athletic ${c}`,
  (c) => `Sporting ${c}`,
  (c) => `Real ${c}`,
  (c) => `Dynamo ${c}`,
  (c) => `${c} Rovers`,
  (c) => `${c} Wanderers`,
];

export const MASCOTS: readonly string[] = ['Hawks', 'Bears', 'Wolves', 'Falcons', 'Tigers', 'Lions', 'Sharks', 'Kings', 'Knights', 'Rangers', 'Pirates', 'Storm', 'Thunder', 'Comets', 'Stallions', 'Dragons', 'Bulls', 'Eagles', 'Giants', 'Raptors', 'Owls', 'Foxes', 'Vipers', 'Titans'];

export const FIRST_NAMES: readonly string[] = ['Alex', 'Ben', 'Carlos', 'Daniel', 'Elena', 'Felix', 'Gabriel', 'Hana', 'Ivan', 'Julia', 'Kenji', 'Lucas', 'Maria', 'Nikola', 'Oliver', 'Paula', 'Rafael', 'Sofia', 'Tomas', 'Victor', 'Wei', 'Yuki', 'Zoe', 'Andrea', 'Bruno', 'Clara', 'David', 'Emil', 'Filip', 'Greta', 'Hugo', 'Iris', 'Jonas', 'Karin', 'Leon', 'Mia', 'Noah', 'Olga', 'Pedro', 'Rosa', 'Stefan', 'Tara', 'Ugo', 'Vera', 'Will', 'Xavi', 'Yara', 'Zan'];

export const LAST_NAMES: readonly string[] = ['Andersen', 'Baker', 'Costa', 'Dubois', 'Eriksson', 'Fischer', 'Garcia', 'Horvat', 'Ivanov', 'Jensen', 'Kowalski', 'Lopez', 'Muller', 'Novak', 'Okafor', 'Petrov', 'Quinn', 'Rossi', 'Silva', 'Tanaka', 'Umarov', 'Vargas', 'Walker', 'Xu', 'Yilmaz', 'Zhang', 'Alves', 'Berg', 'Conti', 'Diaz', 'Evans', 'Ferrari', 'Gomez', 'Hansen', 'Ito', 'Johansson', 'Kim', 'Larsen', 'Moreau', 'Nielsen', 'Ortiz', 'Park', 'Reyes', 'Santos', 'Torres', 'Urban', 'Vidal', 'Weber', 'Young', 'Zimmer', 'Barros', 'Cruz', 'Duval', 'Fontaine', 'Grant', 'Hughes', 'Kovac', 'Lindqvist', 'Marin', 'Navarro'];

export const NATIONS: readonly string[] = ['England', 'France', 'Germany', 'Spain', 'Italy', 'Portugal', 'Netherlands', 'Belgium', 'Croatia', 'Serbia', 'Poland', 'Sweden', 'Norway', 'Denmark', 'Ireland', 'Scotland', 'Wales', 'Brazil', 'Argentina', 'Uruguay', 'Colombia', 'Mexico', 'USA', 'Canada', 'Japan', 'Korea Republic', 'Australia', 'New Zealand', 'South Africa', 'India', 'Pakistan', 'Sri Lanka', 'Morocco', 'Senegal', 'Nigeria', 'Egypt', 'Turkey', 'Greece', 'Czechia', 'Austria', 'Switzerland', 'Chile'];

export const ESPORTS_WORDS: readonly [readonly string[], readonly string[]] = [
  ['Team', 'Nova', 'Crimson', 'Shadow', 'Iron', 'Lunar', 'Apex', 'Vortex', 'Arctic', 'Solar', 'Rogue', 'Echo'],
  ['Esports', 'Gaming', 'Vipers', 'Wolves', 'Legion', 'Dynasty', 'Phoenix', 'Ronin', 'Squad', 'Five', 'Unit', 'Club'],
];
