/*
 * Runs the Dynamics benchmark scenes in Box2D v3 and prints its figures as one JSON object, in the
 * form `lectern-bench dynamics --json` prints Lectern's. Built and run by scripts/bench-physics.sh.
 *
 * Units: Lectern works in points, with 100 points playing the role of a metre; Box2D works in
 * metres. The scenes are built in metres (a 40-point box is 0.4 m, gravity of 1000 points/s² is
 * 10 m/s²) and every figure is reported back in points. Box2D's y axis points up, Lectern's down;
 * only differences of positions are reported, so the flip does not matter.
 *
 * Scenes (the same as `lectern-bench dynamics` and bench_physics_pymunk.py):
 *   1. Pyramid: base 20 (210 boxes of 40 pt, density 1, friction 0.5) on the floor of a
 *      1000 x 1000 pt view with thick walls, gravity 1000 pt/s², 600 steps of 1/60 s with 4
 *      substeps; rotation allowed or not, sleeping off or on. One thread (no task system).
 *   2. Dropit: a 320 x 568 pt view, 20 frictionless blocks of 32 pt without rotation dropped one
 *      every 0.25 s, 300 steps of 1/60 s; whole simulations per second, world setup included.
 *   3. Column: 40 blocks of 40 pt (friction 0.5, no rotation) standing on the floor of a
 *      320 x 1700 pt view, 240 steps of 1/60 s with 4 substeps, sleeping off; how deep the most
 *      loaded contact overlaps at the end, and how far the top block rests below its ideal height.
 *
 * Times are CPU time of this process (the machine is shared); the best of three runs.
 */
#define _POSIX_C_SOURCE 200809L

#include "box2d/box2d.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define POINTS_PER_METRE 100.0
#define REST_SPEED 5.0 /* points/s, as Lectern's RestDetection.speedThreshold */
#define REST_TIME 0.5  /* seconds, as Lectern's RestDetection.duration */
#define PYRAMID_BASE 20
#define PYRAMID_COUNT ( PYRAMID_BASE * ( PYRAMID_BASE + 1 ) / 2 )
#define PYRAMID_STEPS 600
#define SUBSTEPS 4

static double cpuSeconds( void )
{
	struct timespec t;
	clock_gettime( CLOCK_PROCESS_CPUTIME_ID, &t );
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* A world with gravity along Lectern's "down" and Box2D's defaults otherwise (single thread). */
static b2WorldId makeWorld( bool sleeping )
{
	b2WorldDef def = b2DefaultWorldDef();
	def.gravity = (b2Vec2){ 0.0f, -10.0f };
	def.enableSleep = sleeping;
	return b2CreateWorld( &def );
}

/* A static box of the given size (points) centred on (x, y) (points, y up). */
static void addWall( b2WorldId world, double x, double y, double width, double height, float friction )
{
	b2BodyDef body = b2DefaultBodyDef();
	body.position.x = (float)( x / POINTS_PER_METRE );
	body.position.y = (float)( y / POINTS_PER_METRE );
	b2BodyId id = b2CreateBody( world, &body );
	b2ShapeDef shape = b2DefaultShapeDef();
	shape.material.friction = friction;
	b2Polygon box = b2MakeBox( (float)( width / 2 / POINTS_PER_METRE ), (float)( height / 2 / POINTS_PER_METRE ) );
	b2CreatePolygonShape( id, &shape, &box );
}

/* Thick walls just outside a width x height view whose bottom-left corner is the origin, as
 * Lectern's reference-bounds boundary. */
static void addBounds( b2WorldId world, double width, double height, float friction )
{
	double t = width > height ? width : height;
	addWall( world, width / 2, -t / 2, width + 2 * t, t, friction );
	addWall( world, width / 2, height + t / 2, width + 2 * t, t, friction );
	addWall( world, -t / 2, height / 2, t, height + 2 * t, friction );
	addWall( world, width + t / 2, height / 2, t, height + 2 * t, friction );
}

/* A square dynamic box of density 1 (mass = area / 10,000 pt², as in Lectern). */
static b2BodyId addBox( b2WorldId world, double x, double y, double size, bool rotation, float friction )
{
	b2BodyDef body = b2DefaultBodyDef();
	body.type = b2_dynamicBody;
	body.position.x = (float)( x / POINTS_PER_METRE );
	body.position.y = (float)( y / POINTS_PER_METRE );
	body.motionLocks.angularZ = !rotation;
	b2BodyId id = b2CreateBody( world, &body );
	b2ShapeDef shape = b2DefaultShapeDef();
	shape.density = 1.0f;
	shape.material.friction = friction;
	float half = (float)( size / 2 / POINTS_PER_METRE );
	b2Polygon box = b2MakeBox( half, half );
	b2CreatePolygonShape( id, &shape, &box );
	return id;
}

/* Speed of the fastest surface point, in points/s. */
static double surfaceSpeed( b2BodyId body, double extent )
{
	b2Vec2 v = b2Body_GetLinearVelocity( body );
	double linear = POINTS_PER_METRE * sqrt( (double)v.x * v.x + (double)v.y * v.y );
	double rim = fabs( b2Body_GetAngularVelocity( body ) ) * extent;
	return linear > rim ? linear : rim;
}

typedef struct PyramidFigures
{
	bool rotation;
	bool sleeping;
	double stepsPerSecond;
	double maxDisplacement;
	double maxDrift;
	int restStep; /* -1: never */
} PyramidFigures;

static PyramidFigures pyramid( bool rotation, bool sleeping )
{
	const double size = 40.0, h = 1.0 / 60.0;
	static b2BodyId bodies[PYRAMID_COUNT];
	static double startX[PYRAMID_COUNT], startY[PYRAMID_COUNT], calmSince[PYRAMID_COUNT];
	PyramidFigures figures = { rotation, sleeping, 0, 0, 0, -1 };
	double best = INFINITY;
	double extent = size * sqrt( 2.0 ) / 2;
	b2WorldId world = b2_nullWorldId;
	for ( int run = 0; run < 3; ++run )
	{
		if ( B2_IS_NON_NULL( world ) )
		{
			b2DestroyWorld( world );
		}
		double start = cpuSeconds();
		world = makeWorld( sleeping );
		addBounds( world, 1000, 1000, 0.5f );
		int n = 0;
		for ( int row = 0; row < PYRAMID_BASE; ++row )
		{
			int count = PYRAMID_BASE - row;
			for ( int i = 0; i < count; ++i )
			{
				startX[n] = 500 + ( i - ( count - 1 ) / 2.0 ) * size;
				startY[n] = size / 2 + row * size;
				bodies[n] = addBox( world, startX[n], startY[n], size, rotation, 0.5f );
				calmSince[n] = -1;
				n += 1;
			}
		}
		for ( int step = 0; step < PYRAMID_STEPS; ++step )
		{
			b2World_Step( world, (float)h, SUBSTEPS );
			for ( int i = 0; i < n; ++i )
			{
				if ( surfaceSpeed( bodies[i], extent ) > REST_SPEED )
				{
					calmSince[i] = -1;
				}
				else if ( calmSince[i] < 0 )
				{
					calmSince[i] = step * h;
				}
			}
		}
		double elapsed = cpuSeconds() - start;
		best = elapsed < best ? elapsed : best;
	}
	double end = PYRAMID_STEPS * h, latest = 0;
	bool allRest = true;
	for ( int i = 0; i < PYRAMID_COUNT; ++i )
	{
		b2Pos p = b2Body_GetPosition( bodies[i] );
		double dx = POINTS_PER_METRE * (double)p.x - startX[i];
		double dy = POINTS_PER_METRE * (double)p.y - startY[i];
		double displacement = sqrt( dx * dx + dy * dy );
		figures.maxDisplacement = displacement > figures.maxDisplacement ? displacement : figures.maxDisplacement;
		figures.maxDrift = fabs( dx ) > figures.maxDrift ? fabs( dx ) : figures.maxDrift;
		if ( calmSince[i] < 0 || end - calmSince[i] < REST_TIME - 1e-9 )
		{
			allRest = false;
		}
		else if ( calmSince[i] > latest )
		{
			latest = calmSince[i];
		}
	}
	if ( allRest )
	{
		figures.restStep = (int)lround( ( latest + REST_TIME ) * 60 );
	}
	b2DestroyWorld( world );
	figures.stepsPerSecond = PYRAMID_STEPS / best;
	return figures;
}

static void dropitOnce( void )
{
	const double width = 320, height = 568, size = 32, h = 1.0 / 60.0;
	b2WorldId world = makeWorld( true );
	addBounds( world, width, height, 0.0f );
	for ( int step = 0; step < 300; ++step )
	{
		double t = step * h;
		long i = lround( t / 0.25 );
		if ( i < 20 && fabs( t - 0.25 * (double)i ) < 1e-9 )
		{
			addBox( world, 16 + 32 * (double)( ( i * 7 + 3 ) % 10 ), height - 16, size, false, 0.0f );
		}
		b2World_Step( world, (float)h, SUBSTEPS );
	}
	b2DestroyWorld( world );
}

static double dropit( void )
{
	int runs = 0;
	double start = cpuSeconds(), elapsed = 0;
	while ( elapsed < 1.0 )
	{
		dropitOnce();
		runs += 1;
		elapsed = cpuSeconds() - start;
	}
	return runs / elapsed;
}

typedef struct ColumnFigures
{
	double deepestOverlap;
	double topSinking;
} ColumnFigures;

static ColumnFigures column( void )
{
	enum { count = 40 };
	const double size = 40.0, h = 1.0 / 60.0, height = size * count + 100;
	b2BodyId bodies[count];
	b2WorldId world = makeWorld( false );
	addBounds( world, 320, height, 0.5f );
	for ( int i = 0; i < count; ++i )
	{
		bodies[i] = addBox( world, 160, size / 2 + i * size, size, false, 0.5f );
	}
	for ( int step = 0; step < 240; ++step )
	{
		b2World_Step( world, (float)h, SUBSTEPS );
	}
	/* Box2D's y points up: a block's bottom below the top of the one beneath it overlaps. */
	ColumnFigures figures = { 0, 0 };
	double below = 0;
	for ( int i = 0; i < count; ++i )
	{
		double y = POINTS_PER_METRE * (double)b2Body_GetPosition( bodies[i] ).y;
		double overlap = below - ( y - size / 2 );
		figures.deepestOverlap = overlap > figures.deepestOverlap ? overlap : figures.deepestOverlap;
		below = y + size / 2;
		if ( i == count - 1 )
		{
			figures.topSinking = ( size / 2 + ( count - 1 ) * size ) - y;
		}
	}
	b2DestroyWorld( world );
	return figures;
}

int main( void )
{
	b2Version version = b2GetVersion();
	printf( "{\"version\":\"%d.%d.%d\",\"pyramid\":[", version.major, version.minor, version.revision );
	const bool flags[2] = { true, false };
	for ( int r = 0; r < 2; ++r )
	{
		for ( int s = 0; s < 2; ++s )
		{
			PyramidFigures p = pyramid( flags[r], !flags[s] );
			printf( "%s{\"allowsRotation\":%s,\"sleeping\":%s,\"stepsPerSecond\":%.3f,\"maxDisplacement\":%.6f,"
					"\"maxDrift\":%.6f,\"restStep\":",
					r + s > 0 ? "," : "", p.rotation ? "true" : "false", p.sleeping ? "true" : "false", p.stepsPerSecond,
					p.maxDisplacement, p.maxDrift );
			if ( p.restStep < 0 )
			{
				printf( "null}" );
			}
			else
			{
				printf( "%d}", p.restStep );
			}
		}
	}
	printf( "],\"dropit\":{\"simulationsPerSecond\":%.3f}", dropit() );
	ColumnFigures c = column();
	printf( ",\"column\":{\"deepestOverlap\":%.6f,\"topSinking\":%.6f}}\n", c.deepestOverlap, c.topSinking );
	return 0;
}
