extension SchemaTypeHierarchy {
    /// Parent type → direct children, from schema.org release 30.0 (only the branches that describe
    /// places, organisations, events, reservations, trips, and the values they carry).
    static let childTable: [(String, [String])] = [
        (
            "Thing",
            ["Place", "Organization", "Event", "Intangible", "CreativeWork", "Person", "Product", "Action"]
        ),
        // Places
        (
            "Place",
            [
                "Accommodation", "AdministrativeArea", "CivicStructure", "Landform",
                "LandmarksOrHistoricalBuildings",
                "LocalBusiness", "Residence", "TouristAttraction", "TouristDestination",
            ]
        ),
        ("Accommodation", ["Apartment", "CampingPitch", "House", "Room", "Suite"]),
        ("House", ["SingleFamilyResidence"]),
        ("Room", ["HotelRoom", "MeetingRoom"]),
        ("AdministrativeArea", ["City", "Country", "State", "SchoolDistrict"]),
        (
            "CivicStructure",
            [
                "Airport", "Aquarium", "Beach", "BoatTerminal", "Bridge", "BusStation", "BusStop",
                "Campground",
                "Cemetery", "Crematorium", "EducationalOrganization", "EventVenue", "FireStation",
                "GovernmentBuilding", "Hospital", "MovieTheater", "Museum", "MusicVenue", "Park",
                "ParkingFacility", "PerformingArtsTheater", "PlaceOfWorship", "Playground", "PoliceStation",
                "PublicToilet", "RVPark", "StadiumOrArena", "SubwayStation", "TaxiStand", "TrainStation",
                "Zoo",
            ]
        ),
        (
            "GovernmentBuilding",
            ["CityHall", "Courthouse", "DefenceEstablishment", "Embassy", "LegislativeBuilding"]
        ),
        ("PlaceOfWorship", ["BuddhistTemple", "Church", "HinduTemple", "Mosque", "Synagogue"]),
        ("Church", ["CatholicChurch"]),
        ("Landform", ["BodyOfWater", "Continent", "Mountain", "Volcano"]),
        (
            "BodyOfWater",
            [
                "Canal", "LakeBodyOfWater", "OceanBodyOfWater", "Pond", "Reservoir", "RiverBodyOfWater",
                "SeaBodyOfWater", "Waterfall",
            ]
        ),
        ("Residence", ["ApartmentComplex", "GatedResidenceCommunity"]),
        // Local businesses (both places and organisations)
        (
            "LocalBusiness",
            [
                "AnimalShelter", "ArchiveOrganization", "AutomotiveBusiness", "ChildCare", "Dentist",
                "DryCleaningOrLaundry", "EmergencyService", "EmploymentAgency", "EntertainmentBusiness",
                "FinancialService", "FoodEstablishment", "GovernmentOffice", "HealthAndBeautyBusiness",
                "HomeAndConstructionBusiness", "InternetCafe", "LegalService", "Library", "LodgingBusiness",
                "MedicalBusiness", "ProfessionalService", "RadioStation", "RealEstateAgent",
                "RecyclingCenter",
                "SelfStorage", "ShoppingCenter", "SportsActivityLocation", "Store", "TelevisionStation",
                "TouristInformationCenter", "TravelAgency",
            ]
        ),
        (
            "AutomotiveBusiness",
            [
                "AutoBodyShop", "AutoDealer", "AutoPartsStore", "AutoRental", "AutoRepair", "AutoWash",
                "GasStation", "MotorcycleDealer", "MotorcycleRepair",
            ]
        ),
        ("EmergencyService", ["FireStation", "Hospital", "PoliceStation"]),
        (
            "EntertainmentBusiness",
            [
                "AdultEntertainment", "AmusementPark", "ArtGallery", "Casino", "ComedyClub", "MovieTheater",
                "NightClub",
            ]
        ),
        (
            "FinancialService",
            ["AccountingService", "AutomatedTeller", "BankOrCreditUnion", "InsuranceAgency"]
        ),
        (
            "FoodEstablishment",
            [
                "Bakery", "BarOrPub", "Brewery", "CafeOrCoffeeShop", "Distillery", "FastFoodRestaurant",
                "IceCreamShop", "Restaurant", "Winery",
            ]
        ),
        ("GovernmentOffice", ["PostOffice"]),
        (
            "HealthAndBeautyBusiness",
            ["BeautySalon", "DaySpa", "HairSalon", "HealthClub", "NailSalon", "TattooParlor"]
        ),
        (
            "HomeAndConstructionBusiness",
            [
                "Electrician", "GeneralContractor", "HVACBusiness", "HousePainter", "Locksmith",
                "MovingCompany",
                "Plumber", "RoofingContractor",
            ]
        ),
        ("LegalService", ["Attorney", "Notary"]),
        (
            "LodgingBusiness",
            ["BedAndBreakfast", "Campground", "Hostel", "Hotel", "Motel", "Resort", "VacationRental"]
        ),
        ("Resort", ["SkiResort"]),
        (
            "MedicalBusiness",
            [
                "CommunityHealth", "Dentist", "Dermatology", "DietNutrition", "Emergency",
                "Geriatric", "Gynecologic", "MedicalClinic", "Midwifery", "Nursing", "Obstetric",
                "Oncologic", "Optician", "Optometric", "Otolaryngologic", "Pediatric", "Pharmacy",
                "Physician", "Physiotherapy", "PlasticSurgery", "Podiatric", "PrimaryCare",
                "Psychiatric", "PublicHealth",
            ]
        ),
        (
            "SportsActivityLocation",
            [
                "BowlingAlley", "ExerciseGym", "GolfCourse", "HealthClub", "PublicSwimmingPool", "SkiResort",
                "SportsClub", "StadiumOrArena", "TennisComplex",
            ]
        ),
        (
            "Store",
            [
                "AutoPartsStore", "BikeStore", "BookStore", "ClothingStore", "ComputerStore",
                "ConvenienceStore",
                "DepartmentStore", "ElectronicsStore", "Florist", "FurnitureStore", "GardenStore",
                "GroceryStore",
                "HardwareStore", "HobbyShop", "HomeGoodsStore", "JewelryStore", "LiquorStore",
                "MensClothingStore",
                "MobilePhoneStore", "MovieRentalStore", "MusicStore", "OfficeEquipmentStore", "OutletStore",
                "PawnShop", "PetStore", "ShoeStore", "SportingGoodsStore", "TireShop", "ToyStore",
                "WholesaleStore",
            ]
        ),
        // Organisations
        (
            "Organization",
            [
                "Airline", "Consortium", "Corporation", "EducationalOrganization", "FundingScheme",
                "GovernmentOrganization", "LibrarySystem", "LocalBusiness", "MedicalOrganization", "NGO",
                "NewsMediaOrganization", "OnlineBusiness", "PerformingGroup", "PoliticalParty", "Project",
                "ResearchOrganization", "SearchRescueOrganization", "SportsOrganization", "WorkersUnion",
            ]
        ),
        (
            "EducationalOrganization",
            ["CollegeOrUniversity", "ElementarySchool", "HighSchool", "MiddleSchool", "Preschool", "School"]
        ),
        (
            "MedicalOrganization",
            [
                "DiagnosticLab", "Dentist", "Hospital", "MedicalClinic", "Pharmacy", "Physician",
                "VeterinaryCare",
            ]
        ),
        ("OnlineBusiness", ["OnlineStore"]),
        ("PerformingGroup", ["DanceGroup", "MusicGroup", "TheaterGroup"]),
        ("SportsOrganization", ["SportsTeam"]),
        // Events
        (
            "Event",
            [
                "BusinessEvent", "ChildrensEvent", "ComedyEvent", "CourseInstance", "DanceEvent",
                "DeliveryEvent",
                "EducationEvent", "EventSeries", "ExhibitionEvent", "Festival", "FoodEvent", "Hackathon",
                "LiteraryEvent", "MusicEvent", "PublicationEvent", "SaleEvent", "ScreeningEvent",
                "SocialEvent",
                "SportsEvent", "TheaterEvent", "VisualArtsEvent",
            ]
        ),
        ("PublicationEvent", ["BroadcastEvent", "OnDemandEvent"]),
        // Intangibles: reservations, trips, and structured values
        (
            "Intangible",
            [
                "Reservation", "StructuredValue", "Trip", "Offer", "Rating", "Brand", "Demand", "ItemList",
                "Service", "Audience", "Language", "JobPosting", "Ticket", "Seat",
            ]
        ),
        (
            "Reservation",
            [
                "BoatReservation", "BusReservation", "EventReservation", "FlightReservation",
                "FoodEstablishmentReservation", "LodgingReservation", "RentalCarReservation",
                "ReservationPackage", "TaxiReservation", "TrainReservation",
            ]
        ),
        ("Trip", ["BoatTrip", "BusTrip", "Flight", "TouristTrip", "TrainTrip"]),
        (
            "StructuredValue",
            [
                "ContactPoint", "GeoCoordinates", "GeoShape", "OpeningHoursSpecification",
                "QuantitativeValue",
                "PriceSpecification", "NutritionInformation", "PropertyValue",
            ]
        ),
        ("ContactPoint", ["PostalAddress"]),
        ("GeoShape", ["GeoCircle"]),
        ("Rating", ["AggregateRating", "EndorsementRating"]),
        ("Offer", ["AggregateOffer"]),
        ("ItemList", ["BreadcrumbList", "OfferCatalog"]),
        ("Service", ["FoodService", "FinancialProduct", "Taxi", "TaxiService"]),
        // Creative works that commonly carry places
        (
            "CreativeWork",
            [
                "WebPage", "WebSite", "Article", "Menu", "MenuSection", "Review", "Recipe", "Book", "Movie",
                "MusicRecording", "Map", "ImageObject", "MediaObject", "Comment", "HowTo", "Dataset",
            ]
        ),
        (
            "WebPage",
            [
                "AboutPage", "CheckoutPage", "CollectionPage", "ContactPage", "FAQPage", "ItemPage",
                "MedicalWebPage", "ProfilePage", "QAPage", "RealEstateListing", "SearchResultsPage",
            ]
        ),
        ("Article", ["NewsArticle", "BlogPosting", "Report", "ScholarlyArticle", "TechArticle"]),
        ("MediaObject", ["ImageObject", "VideoObject", "AudioObject"]),
        ("Review", ["CriticReview", "UserReview", "Recommendation"]),
        ("HowTo", ["Recipe"]),
        ("Product", ["IndividualProduct", "ProductModel", "Vehicle"]),
    ]
}
